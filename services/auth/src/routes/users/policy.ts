import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ROLES, TWO_FACTOR_MESSAGES, TeamPolicy, type Role } from '@site/contracts'
import { adminOnly, conflict, errorResponses, forbidden } from '@site/service-kit'
import { requiredRoles, setRequiredRoles } from '../../models/policy.js'
import { roleOf, type UserDoc } from '../../models/user.js'

/**
 * Which roles must sign in with a second factor (issue 46). Owners and admins read it; only the
 * owner changes it. An account of a newly required role without two-factor sign-in loses its open
 * sessions at once: its next sign-in leads through the setup before anything else. The owner
 * cannot require it of their own role before turning it on for themselves (409).
 */
const policyAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'users', audit: 'account' })
  const { users, policies } = app.accounts

  app.get(
    '/api/admin/users/policy',
    {
      schema: {
        tags: ['users'],
        summary: 'The roles that must use two-factor sign-in (owner, admin)',
        response: { 200: TeamPolicy, ...errorResponses(401, 403, 503) },
      },
    },
    async () => ({ require_two_factor: await requiredRoles(policies) }),
  )

  app.put(
    '/api/admin/users/policy',
    {
      schema: {
        tags: ['users'],
        summary:
          'Require two-factor sign-in of these roles (owner only); their accounts without it set it up at the next sign-in',
        body: TeamPolicy,
        response: { 200: TeamPolicy, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request) => {
      const actor = (await request.getAdmin())!
      if (roleOf(actor) !== 'owner') throw forbidden(TWO_FACTOR_MESSAGES.ownerOnly, 'OWNER_ONLY')
      const roles = ROLES.filter((r) => request.body.require_two_factor.includes(r))
      const me = await users.findById(actor.id).lean<UserDoc>()
      if (roles.includes('owner') && !me?.two_factor)
        throw conflict(TWO_FACTOR_MESSAGES.ownFirst, 'TWO_FACTOR_FIRST')
      const before = await requiredRoles(policies)
      await setRequiredRoles(policies, roles, new Date(app.accounts.now()))
      const added = roles.filter((r) => !before.includes(r))
      let ended = 0
      if (added.length) {
        // The team is small (tens); the flag, not the secret, says who has two-factor sign-in.
        const all = await users.find({}).select('role two_factor').lean<UserDoc[]>()
        for (const u of all)
          if (!u.two_factor && added.includes(roleOf(u) as Role))
            ended += await app.authSessions.endOtherSessions(String(u._id))
      }
      request.log.info({ event: 'two_factor_policy', roles, endedSessions: ended }, 'policy changed')
      await app.changes.afterWrite(request, {
        kind: 'account',
        action: 'two-factor-policy',
        target: { id: 'policy', label: 'two-factor sign-in' },
        fields: [`require:${roles.join(',')}`],
      })
      return { require_two_factor: roles }
    },
  )
}

export default policyAdmin
