import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { AuthUser, TWO_FACTOR_MESSAGES } from '@site/contracts'
import { adminOnly, badRequest, errorResponses, noBody, unauthorized } from '@site/service-kit'
import type { Config } from '../../config.js'
import { currentAccount } from '../../lib/current-account.js'
import { endPending, readPending } from '../../lib/pending-sign-in.js'
import { startSession } from '../../lib/sign-in.js'
import { newTotpSecret } from '../../lib/totp.js'
import { enableTwoFactor, twoFactorInSessions, useCode } from '../../lib/two-factor.js'
import type { UserDoc } from '../../models/user.js'
import { SIGNED_OUT } from './admin.js'

const CodeBody = Type.Object({ code: Type.Optional(Type.String({ maxLength: 100 })) })
export const SetupAnswer = Type.Object({ secret: Type.String(), otpauth_url: Type.String() })

/**
 * Two-factor sign-in (issue 46): TOTP (RFC 6238) with ten single-use recovery codes. Setup makes a
 * secret; enabling needs a code from the app and answers the recovery codes once; a sign-in of
 * such an account needs `POST /api/auth/login/2fa` with a code. A wrong code is a 401 that counts
 * against the failed-login limits of that account and address; a TOTP code works once.
 */
const twoFactor: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { users, limiter } = app.accounts

  app.post(
    '/api/auth/login/2fa',
    {
      schema: {
        tags: ['auth'],
        summary: 'The second step of a sign-in: a code from the authenticator app or a recovery code',
        body: CodeBody,
        response: { 200: AuthUser, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const code = request.body.code?.trim()
      if (!code) throw badRequest(TWO_FACTOR_MESSAGES.codeRequired, 'REQUIRED')
      const pending = await readPending(app, request, config, 'code')
      const user = pending
        ? await users
            .findById(pending.userId)
            .select('+totp_secret +recovery_codes +password_hash')
            .lean<UserDoc>()
        : null
      if (!pending || !user || user.disabled)
        throw unauthorized(TWO_FACTOR_MESSAGES.signInExpired, 'TWO_FACTOR_EXPIRED')
      const attempt = await limiter.reserve(request.ip, user.username_key)
      let ok: boolean
      try {
        ok = await useCode(app, user, code)
      } catch (err) {
        await attempt.release()
        throw err
      }
      if (!ok) {
        await app.changes.afterWrite(request, {
          kind: 'account',
          action: 'sign-in-failed',
          target: { id: String(user._id), label: user.username },
          fields: ['two-factor'],
        })
        throw unauthorized(TWO_FACTOR_MESSAGES.wrongCode, 'WRONG_CODE')
      }
      await attempt.succeeded()
      await endPending(app, reply, config, pending.hash)
      return startSession(app, request, user, config)
    },
  )

  await app.register(async (scope) => {
    adminOnly(scope, { ...SIGNED_OUT, capability: 'account', audit: 'account' })
    scope.post(
      '/api/auth/2fa/setup',
      {
        preValidation: noBody,
        schema: {
          tags: ['auth'],
          summary: 'Start two-factor sign-in: a new secret and its otpauth:// URL (for the QR code)',
          response: { 200: SetupAnswer, ...errorResponses(400, 401, 503) },
        },
      },
      async (request: FastifyRequest) => {
        const user = await currentAccount(request, users)
        const made = newTotpSecret(user.email ?? user.username)
        await users.updateOne({ _id: user._id }, { $set: { totp_pending: made.secret } })
        return made
      },
    )
    scope.post(
      '/api/auth/2fa/enable',
      {
        schema: {
          tags: ['auth'],
          summary: 'Turn two-factor sign-in on with a code from the app; answers ten recovery codes, once',
          body: CodeBody,
          response: {
            200: Type.Object({ recovery_codes: Type.Array(Type.String()) }),
            ...errorResponses(400, 401, 403, 429, 503),
          },
        },
      },
      async (request) => {
        const user = await currentAccount(request, users)
        const codes = await enableTwoFactor(app, request, user, (request.body as { code?: string }).code)
        await twoFactorInSessions(app, request, true)
        return { recovery_codes: codes }
      },
    )
  })
}

export default twoFactor
