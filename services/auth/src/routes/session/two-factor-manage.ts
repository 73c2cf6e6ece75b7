import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { AuthOk, TWO_FACTOR_MESSAGES, TwoFactorConfirm } from '@site/contracts'
import { adminOnly, badRequest, errorResponses, forbidden } from '@site/service-kit'
import { currentAccount } from '../../lib/current-account.js'
import { newRecoveryCodes } from '../../lib/totp.js'
import { roleRequiresTwoFactor, twoFactorInSessions, useCode } from '../../lib/two-factor.js'
import type { UserDoc } from '../../models/user.js'
import { SIGNED_OUT } from './admin.js'

/**
 * Turning two-factor sign-in off, and new recovery codes (issue 46). Both need the password or a
 * current code (a TOTP code or an unused recovery code) besides the session: a session left open
 * on a shared computer must not be enough. A wrong one is a 403 (the person is still signed in)
 * counted by the failed-login limits. Both are in the audit trail (`two-factor`).
 */
const twoFactorManage: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { ...SIGNED_OUT, capability: 'account', audit: 'account' })
  const { users, hasher, limiter } = app.accounts

  /** The account, with two-factor sign-in on, once its password or a current code is confirmed. */
  async function confirmed(request: FastifyRequest): Promise<UserDoc> {
    const { password, code } = request.body as TwoFactorConfirm
    if (!password && !code?.trim()) throw badRequest(TWO_FACTOR_MESSAGES.confirmRequired, 'REQUIRED')
    const me = await currentAccount(request, users)
    const user = await users
      .findById(me._id)
      .select('+password_hash +totp_secret +recovery_codes')
      .lean<UserDoc>()
    if (!user?.totp_secret) throw badRequest(TWO_FACTOR_MESSAGES.notOn, 'TWO_FACTOR_OFF')
    const attempt = await limiter.reserve(request.ip, user.username_key)
    let ok: boolean
    try {
      ok = code?.trim()
        ? await useCode(app, user, code.trim())
        : await hasher.verify(user.password_hash, password!)
    } catch (err) {
      await attempt.release()
      throw err
    }
    if (!ok) throw forbidden(TWO_FACTOR_MESSAGES.wrongConfirm, 'WRONG_CONFIRMATION')
    await attempt.succeeded()
    return user
  }
  const audit = (request: FastifyRequest, user: UserDoc, field: string) =>
    app.changes.afterWrite(request, {
      kind: 'account',
      action: 'two-factor',
      target: { id: String(user._id), label: user.username },
      fields: [field],
    })

  app.post(
    '/api/auth/2fa/disable',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Turn two-factor sign-in off, with the password or a current code (not where the role requires it)',
        body: TwoFactorConfirm,
        response: { 200: AuthOk, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => {
      const user = await confirmed(request)
      if (await roleRequiresTwoFactor(app, user))
        throw forbidden(TWO_FACTOR_MESSAGES.requiredByRole, 'TWO_FACTOR_REQUIRED')
      await users.updateOne(
        { _id: user._id },
        {
          $set: {
            totp_secret: null,
            totp_pending: null,
            totp_last_step: null,
            recovery_codes: [],
            two_factor: false,
          },
        },
      )
      await twoFactorInSessions(app, request, false)
      await audit(request, user, 'disabled')
      return { ok: true as const }
    },
  )

  app.post(
    '/api/auth/2fa/recovery-codes',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ten new recovery codes, with the password or a current code; the old ones stop working',
        body: TwoFactorConfirm,
        response: {
          200: Type.Object({ recovery_codes: Type.Array(Type.String()) }),
          ...errorResponses(400, 401, 403, 429, 503),
        },
      },
    },
    async (request) => {
      const user = await confirmed(request)
      const { codes, hashes } = newRecoveryCodes()
      await users.updateOne({ _id: user._id }, { $set: { recovery_codes: hashes } })
      await audit(request, user, 'recovery-codes')
      return { recovery_codes: codes }
    },
  )
}

export default twoFactorManage
