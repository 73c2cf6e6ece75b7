import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { noStore } from '@site/service-kit'
import type { Config } from '../config.js'
import accounts from '../plugins/accounts.js'
import loginNames from '../plugins/login-names.js'
import sessionPlugin from '../plugins/session.js'
import sessionPublic from './session/public.js'
import sessionAdmin from './session/admin.js'
import accountAdmin from './account/admin.js'
import displayNameAdmin from './account/display-name.js'
import securityInfoPublic from './security-info/public.js'
import audit from '../plugins/audit.js'
import auditAdmin from './audit/admin.js'
import usersAdmin from './users/admin.js'
import invitesAdmin from './users/invites.js'
import teamPublic from './team/public.js'
import sessionList from './session/list.js'
import twoFactor from './session/two-factor.js'
import twoFactorSetup from './session/two-factor-setup.js'
import twoFactorManage from './session/two-factor-manage.js'
import policyAdmin from './users/policy.js'
import team from '../plugins/team.js'

export interface RouteOptions {
  config: Config
  /** Clock for session limits; tests inject one to move time. */
  now?: () => number
}

/** The auth service's routes, in their own context: @fastify/session runs only for these. */
const routes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config, now = Date.now }) => {
  await app.register(sessionPlugin, { config, now })
  await app.register(accounts, { config, now })
  await app.register(loginNames, { config })
  await app.register(team, { config })
  // Every answer here is about the caller's session or account: never stored.
  app.addHook('onSend', noStore)
  await app.register(securityInfoPublic, { config })
  await app.register(sessionPublic, { config })
  await app.register(sessionAdmin)
  await app.register(accountAdmin)
  await app.register(displayNameAdmin)
  await app.register(audit, { config })
  await app.register(auditAdmin)
  await app.register(usersAdmin)
  await app.register(invitesAdmin, { config })
  await app.register(teamPublic, { config })
  await app.register(sessionList)
  await app.register(twoFactor, { config })
  await app.register(twoFactorSetup, { config })
  await app.register(twoFactorManage)
  await app.register(policyAdmin)
}

export default routes
