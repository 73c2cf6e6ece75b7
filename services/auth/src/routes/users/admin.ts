import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  PAGE_SIZE_MAX,
  PageQuery,
  Paged,
  ROLE_MESSAGES,
  TeamMember,
  TeamMemberUpdate,
  mayManage,
  type Role,
} from '@site/contracts'
import {
  adminOnly,
  badRequest,
  errorResponses,
  findPage,
  forbidden,
  isObjectId,
  notFound,
} from '@site/service-kit'
import { roleOf, type UserDoc } from '../../models/user.js'
import { toTeamMember } from '../../lib/team.js'

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
/** A team of five to twenty fits the first page; larger ones page on. */
const UsersQuery = Type.Object({
  page: PageQuery.properties.page,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_MAX })),
})

/**
 * The Users tab (issue 46): the people, and an owner's or admin's changes to one of them. A change
 * of role or languages, or a disable, ends every session of that account at once (the sessions
 * index in Redis), so the person's next request anywhere is a 401.
 */
const usersAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'users', audit: 'account' })
  const { users } = app.accounts

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['users'],
        summary:
          'The people who can sign in: role, state, two-factor sign-in and last sign-in (owner, admin)',
        querystring: UsersQuery,
        response: { 200: Paged(TeamMember), ...errorResponses(400, 401, 403, 503) },
      },
    },
    // Paged in the order the accounts were made (the owner first); the `two_factor` flag, never the secret.
    async (request) => findPage(users, {}, request.query, { sort: { _id: 1 }, map: toTeamMember }),
  )

  app.patch(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: "Change a person's role or languages, or disable or enable them (owner, admin)",
        params: IdParams,
        body: TeamMemberUpdate,
        response: { 200: TeamMember, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const actor = (await request.getAdmin())!
      const { id } = request.params
      const target = isObjectId(id) ? await users.findById(id).lean<UserDoc>() : null
      if (!target) throw notFound(ROLE_MESSAGES.userNotFound, 'USER_NOT_FOUND')
      const { role, languages, disabled } = request.body
      const current = roleOf(target)
      if (current === 'owner') throw forbidden(ROLE_MESSAGES.ownerProtected, 'OWNER_PROTECTED')
      if (!mayManage(roleOf(actor), current, role))
        throw forbidden(ROLE_MESSAGES.manageForbidden, 'FORBIDDEN_ROLE')
      const nextRole: Role = role ?? current
      const nextLanguages = nextRole === 'translator' ? [...new Set(languages ?? target.languages ?? [])] : []
      if (nextRole === 'translator' && nextLanguages.length === 0)
        throw badRequest(ROLE_MESSAGES.languagesRequired, 'LANGUAGES_REQUIRED')
      const set: Partial<UserDoc> = { role: nextRole, languages: nextLanguages }
      if (disabled !== undefined) set.disabled = disabled
      // Not findAndModify: FerretDB takes no projection there, and the hidden fields need one.
      await users.updateOne({ _id: target._id }, { $set: set })
      const after = await users.findById(target._id).lean<UserDoc>()
      if (!after) throw notFound(ROLE_MESSAGES.userNotFound, 'USER_NOT_FOUND')
      const roleChanged = nextRole !== current || String(nextLanguages) !== String(target.languages ?? [])
      const disabling = disabled === true && !target.disabled
      // The person's open sessions carry the old role: they end now, everywhere.
      const ended = roleChanged || disabling ? await app.authSessions.endOtherSessions(id) : 0
      request.log.info({ event: 'user_changed', userId: id, endedSessions: ended }, 'user changed')
      const label = target.username
      if (roleChanged)
        await app.changes.afterWrite(request, {
          kind: 'account',
          action: 'role',
          target: { id, label },
          fields: [
            nextRole !== current ? `role:${nextRole}` : '',
            `languages:${nextLanguages.join(',')}`,
          ].filter(Boolean),
        })
      if (disabled !== undefined && disabled !== Boolean(target.disabled))
        await app.changes.afterWrite(request, {
          kind: 'account',
          action: disabled ? 'disable' : 'enable',
          target: { id, label },
        })
      return toTeamMember(after)
    },
  )
}

export default usersAdmin
