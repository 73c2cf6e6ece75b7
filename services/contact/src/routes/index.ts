import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Config } from '../config.js'
import contacts from '../plugins/contacts.js'
import formGuard from '../plugins/form-guard.js'
import contactsChallenge from './contacts/challenge.js'
import webhooks from '../plugins/webhooks.js'
import webhooksAdmin from './contacts/webhooks-admin.js'
import contactsPublic from './contacts/public.js'
import contactsAdmin from './contacts/admin.js'
import analytics from '../analytics/plugin.js'
import analyticsAdmin from './analytics.js'

/** Contact routes: the public form endpoint, the admin inbox and the analytics report. */
const routes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(contacts, { config })
  await app.register(formGuard, { config })
  await app.register(contactsChallenge)
  await app.register(contactsPublic, { config })
  await app.register(contactsAdmin, { config })
  await app.register(webhooks, { config })
  await app.register(webhooksAdmin)
  await app.register(analytics)
  await app.register(analyticsAdmin, { config })
}
export default routes
