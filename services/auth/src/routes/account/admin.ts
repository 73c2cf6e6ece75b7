import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { AUTH_MESSAGES, AuthOk, AuthUser, PASSWORD_MAX, PASSWORD_MIN } from '@site/contracts'
import { adminOnly, badRequest, conflict, errorResponses, forbidden, onDuplicateKey } from '@site/service-kit'
import { currentAccount } from '../../lib/current-account.js'
import { checkUsername } from '../../lib/username.js'
import { toUserDto } from '../../lib/dto.js'
import { usernameKey, type UserDoc } from '../../models/user.js'
import { SIGNED_OUT } from '../session/admin.js'

const ChangeUsernameRequest = Type.Object({
  newUsername: Type.Optional(Type.String({ maxLength: 500 })),
  currentPassword: Type.Optional(Type.String({ maxLength: PASSWORD_MAX })),
})
const ChangePasswordRequest = Type.Object({
  currentPassword: Type.Optional(Type.String({ maxLength: PASSWORD_MAX })),
  newPassword: Type.Optional(Type.String({ maxLength: PASSWORD_MAX * 4 })),
})
const errors = errorResponses(400, 401, 403, 409, 429, 503)

/** The Settings tab's forms: change username, change password (spec §2, §5). */
const accountAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const { users, hasher, limiter } = app.accounts
  const sessions = app.authSessions
  // 401 before the body is read or checked: a signed-out caller learns nothing about these forms.
  adminOnly(app, { ...SIGNED_OUT, capability: 'account', audit: 'account' })

  /**
   * The current password, checked under the same failure limit as logins: a stolen session
   * cannot be used to guess the password faster than the login form allows. Wrong → 403, not
   * 401, since the admin is still signed in.
   */
  async function confirmPassword(request: FastifyRequest, user: UserDoc, password: string) {
    const attempt = await limiter.reserve(request.ip, user.username_key)
    let ok: boolean
    try {
      ok = await hasher.verify(user.password_hash, password)
    } catch (err) {
      await attempt.release()
      throw err
    }
    if (!ok) throw forbidden(AUTH_MESSAGES.wrongPassword, 'WRONG_PASSWORD')
    await attempt.succeeded()
  }

  app.post(
    '/api/auth/change-username',
    { schema: { tags: ['auth'], body: ChangeUsernameRequest, response: { 200: AuthUser, ...errors } } },
    async (request) => {
      const { newUsername, currentPassword } = request.body
      if (!newUsername?.trim() || !currentPassword) throw badRequest(AUTH_MESSAGES.fillInAll, 'REQUIRED')
      const checked = checkUsername(newUsername)
      if ('problem' in checked) throw badRequest(checked.problem, 'INVALID_USERNAME')
      const user = await currentAccount(request, users)
      await confirmPassword(request, user, currentPassword)
      const key = usernameKey(checked.username)
      const taken = conflict(AUTH_MESSAGES.usernameTaken, 'USERNAME_TAKEN')
      if (key !== user.username_key && (await users.exists({ username_key: key }))) throw taken
      // The unique index decides when another rename took the name since the check.
      await users
        .updateOne({ _id: user._id }, { $set: { username: checked.username, username_key: key } })
        .catch(onDuplicateKey(taken))
      const me = toUserDto({ ...user, username: checked.username })
      request.session.user = me
      await sessions.updateInSessions(me.id, { username: me.username }, request.session.sessionId)
      await app.loginNames.record([me.username])
      request.log.info({ event: 'username_changed', userId: me.id }, 'username changed')
      await app.changes.afterWrite(request, {
        kind: 'account',
        action: 'credentials',
        target: { id: me.id, label: me.username },
        fields: ['username'],
      })
      return me
    },
  )

  app.post(
    '/api/auth/change-password',
    { schema: { tags: ['auth'], body: ChangePasswordRequest, response: { 200: AuthOk, ...errors } } },
    async (request) => {
      const { currentPassword, newPassword } = request.body
      if (!currentPassword || !newPassword) throw badRequest(AUTH_MESSAGES.fillInAll, 'REQUIRED')
      const length = [...newPassword].length
      if (length < PASSWORD_MIN) throw badRequest(AUTH_MESSAGES.passwordTooShort, 'PASSWORD_TOO_SHORT')
      if (newPassword.length > PASSWORD_MAX)
        throw badRequest(AUTH_MESSAGES.passwordTooLong, 'PASSWORD_TOO_LONG')
      const user = await currentAccount(request, users)
      await confirmPassword(request, user, currentPassword)
      await users.updateOne(
        { _id: user._id },
        { $set: { password_hash: await hasher.hash(newPassword), password_changed_at: new Date() } },
      )
      const ended = await sessions.endOtherSessions(String(user._id), request.session.sessionId)
      request.log.info(
        { event: 'password_changed', userId: String(user._id), endedSessions: ended },
        'password changed',
      )
      await app.changes.afterWrite(request, {
        kind: 'account',
        action: 'credentials',
        target: { id: String(user._id), label: user.username },
        fields: ['password'],
      })
      return { ok: true }
    },
  )
}

export default accountAdmin
