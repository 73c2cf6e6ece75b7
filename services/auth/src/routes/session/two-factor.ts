import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { AuthUser, TWO_FACTOR_MESSAGES } from '@site/contracts'
import { adminOnly, badRequest, errorResponses, noBody, unauthorized } from '@site/service-kit'
import type { Config } from '../../config.js'
import { currentAccount } from '../../lib/current-account.js'
import { startSession } from '../../lib/sign-in.js'
import { newRecoveryCodes, newTotpSecret, recoveryHash, totpStep } from '../../lib/totp.js'
import { newToken, tokenHash } from '../../models/invitation.js'
import type { UserDoc } from '../../models/user.js'
import { SIGNED_OUT } from './admin.js'

/** The cookie that carries a sign-in between the right password and the second factor. */
export const PENDING_COOKIE = 'tfa'
const PENDING_MS = 5 * 60 * 1000
const CodeBody = Type.Object({ code: Type.Optional(Type.String({ maxLength: 100 })) })

const pendingKey = (config: Config, hash: string) => `${config.QUEUE_PREFIX}:2fa-pending:${hash}`

/** After the right password of a 2FA account: no session yet, a short-lived pending sign-in instead. */
export async function startPendingSignIn(
  app: FastifyInstance,
  reply: FastifyReply,
  user: UserDoc,
  config: Config,
) {
  const { token, hash } = newToken()
  await app.redis.set(pendingKey(config, hash), String(user._id), 'PX', PENDING_MS)
  reply.setCookie(PENDING_COOKIE, token, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/auth',
    secure:
      config.SESSION_COOKIE_SECURE === 'true'
        ? true
        : config.SESSION_COOKIE_SECURE === 'false'
          ? false
          : 'auto',
  })
  return { two_factor_required: true as const }
}

/**
 * Two-factor sign-in (issue 46): TOTP (RFC 6238) with ten single-use recovery codes. Setup makes a
 * secret; enabling needs a code from the app and answers the recovery codes once; a sign-in of
 * such an account needs `POST /api/auth/login/2fa` with a code. A wrong code is a 401 that counts
 * against the failed-login limits of that account and address; a TOTP code works once.
 */
const twoFactor: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { users, limiter } = app.accounts
  const now = () => app.accounts.now()

  /** Whether `code` is the TOTP code of this moment (not used before) or an unused recovery code; uses it. */
  async function useCode(user: UserDoc, code: string): Promise<boolean> {
    const step = user.totp_secret ? totpStep(user.totp_secret, code, now()) : null
    if (step !== null) {
      const used = await users.updateOne(
        // The step must be newer than the last used one (operators marked trusted: the kit's
        // mongoose sanitizes filters).
        {
          _id: user._id,
          ...(user.totp_last_step == null
            ? { totp_last_step: null }
            : { totp_last_step: users.base.trusted({ $lt: step }) as never }),
        },
        { $set: { totp_last_step: step } },
      )
      return used.modifiedCount === 1
    }
    const hash = recoveryHash(code)
    if (!(user.recovery_codes ?? []).includes(hash)) return false
    const used = await users.updateOne(
      { _id: user._id, recovery_codes: hash },
      { $pull: { recovery_codes: hash } },
    )
    return used.modifiedCount === 1
  }

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
      const raw = request.cookies[PENDING_COOKIE]
      const token = raw ? request.unsignCookie(raw) : null
      const userId =
        token?.valid && token.value ? await app.redis.get(pendingKey(config, tokenHash(token.value))) : null
      const user = userId
        ? await users.findById(userId).select('+totp_secret +recovery_codes +password_hash').lean<UserDoc>()
        : null
      if (!user || user.disabled || !token?.value)
        throw unauthorized(TWO_FACTOR_MESSAGES.signInExpired, 'TWO_FACTOR_EXPIRED')
      const attempt = await limiter.reserve(request.ip, user.username_key)
      let ok: boolean
      try {
        ok = await useCode(user, code)
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
      await app.redis.del(pendingKey(config, tokenHash(token.value)))
      reply.clearCookie(PENDING_COOKIE, { path: '/api/auth' })
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
          response: {
            200: Type.Object({ secret: Type.String(), otpauth_url: Type.String() }),
            ...errorResponses(400, 401, 503),
          },
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
        const code = (request.body as { code?: string }).code?.trim()
        if (!code) throw badRequest(TWO_FACTOR_MESSAGES.codeRequired, 'REQUIRED')
        const user = await currentAccount(request, users)
        const pending = await users.findById(user._id).select('+totp_pending').lean<UserDoc>()
        if (!pending?.totp_pending) throw badRequest(TWO_FACTOR_MESSAGES.setupFirst, 'SETUP_FIRST')
        const attempt = await limiter.reserve(request.ip, user.username_key)
        const step = totpStep(pending.totp_pending, code, now())
        if (step === null) throw badRequest(TWO_FACTOR_MESSAGES.wrongCode, 'WRONG_CODE')
        await attempt.succeeded()
        const { codes, hashes } = newRecoveryCodes()
        await users.updateOne(
          { _id: user._id },
          {
            $set: {
              totp_secret: pending.totp_pending,
              totp_pending: null,
              totp_last_step: step,
              recovery_codes: hashes,
            },
          },
        )
        await app.changes.afterWrite(request, {
          kind: 'account',
          action: 'two-factor',
          target: { id: String(user._id), label: user.username },
          fields: ['enabled'],
        })
        return { recovery_codes: codes }
      },
    )
  })
}

export default twoFactor
