import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  AUTH_MESSAGES,
  AuthOk,
  AuthUser,
  PASSWORD_MAX,
  TwoFactorRequired,
  TwoFactorSetupRequired,
} from '@site/contracts'
import {
  HttpError,
  SESSION_COOKIE,
  badRequest,
  errorResponses,
  forbidden,
  unauthorized,
} from '@site/service-kit'
import type { Config } from '../../config.js'
import { signInOrSecondFactor } from '../../lib/two-factor.js'
import { findByLogin, usernameKey, type UserDoc } from '../../models/user.js'

// Fields are optional in the schema so a missing one gets the UI's message; wrong types are 400.
const LoginRequest = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 200 })),
  password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX })),
})

/** Login and logout (spec §7). */
const sessionPublic: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { users, hasher, limiter } = app.accounts

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: LoginRequest,
        response: {
          200: Type.Union([AuthUser, TwoFactorRequired, TwoFactorSetupRequired]),
          ...errorResponses(400, 401, 403, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body
      if (!username?.trim() || !password) throw badRequest(AUTH_MESSAGES.loginRequired, 'REQUIRED')
      const key = usernameKey(username)
      const attempt = await limiter.reserve(request.ip, key).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 429)
          request.log.warn({ event: 'login_locked' }, 'login refused: too many failures')
        throw err
      })
      let user: UserDoc | null
      let ok: boolean
      try {
        user = await findByLogin(users, username)
        // An unknown username is checked against a decoy hash: same cost, same answer.
        ok = await hasher.verify(user?.password_hash, password)
      } catch (err) {
        await attempt.release()
        throw err
      }
      // A disabled account's right password is still a failed sign-in (no hint that it exists).
      if (ok && user?.disabled) {
        await attempt.release()
        throw forbidden(AUTH_MESSAGES.accountDisabled, 'ACCOUNT_DISABLED')
      }
      if (!ok || !user) {
        request.log.info({ event: 'login_failed' }, 'login failed')
        await app.changes.afterWrite(request, {
          kind: 'account',
          action: 'sign-in-failed',
          target: { id: user ? String(user._id) : null, label: username.trim().slice(0, 100) },
        })
        throw unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS')
      }
      await attempt.succeeded()
      await app.loginNames.record([user.username])
      if (hasher.needsRehash(user.password_hash)) {
        await users.updateOne({ _id: user._id }, { $set: { password_hash: await hasher.hash(password) } })
      }
      return signInOrSecondFactor(app, request, reply, user, config)
    },
  )

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], response: { 200: AuthOk, ...errorResponses(503) } } },
    async (request, reply) => {
      if (request.cookies[SESSION_COOKIE]) {
        const user = request.session?.user
        if (request.session) await request.session.destroy()
        reply.clearCookie(SESSION_COOKIE, { path: '/' })
        if (user) {
          request.log.info({ event: 'logout', userId: user.id }, 'admin signed out')
          const who = { id: user.id, name: user.username }
          await app.changes.afterWrite(request, {
            kind: 'account',
            action: 'sign-out',
            target: { id: who.id, label: who.name },
            actor: who,
          })
        }
      }
      return { ok: true }
    },
  )
}

export default sessionPublic
