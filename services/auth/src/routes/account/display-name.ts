import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AUTH_MESSAGES, AuthUser, DISPLAY_NAME_MAX } from '@site/contracts'
import { adminOnly, badRequest, errorResponses, usernameKey } from '@site/service-kit'
import { currentAccount } from '../../lib/current-account.js'
import { toUserDto } from '../../lib/dto.js'
import { hasInvisibleOrControl } from '../../lib/username.js'
import { SIGNED_OUT } from '../session/admin.js'

const ChangeDisplayNameRequest = Type.Object({ displayName: Type.String({ maxLength: 500 }) })

/**
 * The Settings tab's display name: the public byline of the admin's posts (their login name never
 * is; docs/security.md, "Public names"). Not a credential, so no password is asked; an empty name
 * goes back to the site's byline, and the admin's own username is refused.
 */
const displayNameAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { ...SIGNED_OUT, capability: 'account', audit: 'account' })
  app.post(
    '/api/auth/change-display-name',
    {
      schema: {
        tags: ['auth'],
        body: ChangeDisplayNameRequest,
        response: { 200: AuthUser, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => {
      const name = request.body.displayName.normalize('NFC').trim()
      if ([...name].length > DISPLAY_NAME_MAX)
        throw badRequest(AUTH_MESSAGES.displayNameLength, 'INVALID_DISPLAY_NAME')
      if (hasInvisibleOrControl(name))
        throw badRequest(AUTH_MESSAGES.displayNameChars, 'INVALID_DISPLAY_NAME')
      const user = await currentAccount(request, app.accounts.users)
      if (name && usernameKey(name) === user.username_key)
        throw badRequest(AUTH_MESSAGES.displayNameIsUsername, 'DISPLAY_NAME_IS_USERNAME')
      const displayName = name || null
      await app.accounts.users.updateOne({ _id: user._id }, { $set: { display_name: displayName } })
      const me = toUserDto({ ...user, display_name: displayName })
      request.session.user = me
      await app.authSessions.updateInSessions(me.id, { display_name: displayName }, request.session.sessionId)
      request.log.info({ event: 'display_name_changed', userId: me.id }, 'display name changed')
      await app.changes.afterWrite(request, {
        kind: 'account',
        action: 'update',
        target: { id: me.id, label: me.username },
        fields: ['display_name'],
      })
      return me
    },
  )
}

export default displayNameAdmin
