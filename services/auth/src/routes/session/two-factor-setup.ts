import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { AuthUser, TWO_FACTOR_MESSAGES } from '@site/contracts'
import { errorResponses, noBody, unauthorized } from '@site/service-kit'
import type { Config } from '../../config.js'
import { endPending, readPending } from '../../lib/pending-sign-in.js'
import { startSession } from '../../lib/sign-in.js'
import { newTotpSecret } from '../../lib/totp.js'
import { enableTwoFactor } from '../../lib/two-factor.js'
import type { UserDoc } from '../../models/user.js'
import { SetupAnswer } from './two-factor.js'

const CodeBody = Type.Object({ code: Type.Optional(Type.String({ maxLength: 100 })) })

/**
 * The sign-in of an account whose role requires two-factor sign-in and that has none (issue 46):
 * the right password answered `{two_factor_setup_required: true}` and a pending `tfa` cookie, no
 * session. That pending sign-in can do exactly two things: make a secret, and turn two-factor
 * sign-in on with a code for it, which answers the recovery codes and starts the session. Nothing
 * else of the admin answers it: it is not a session.
 */
const twoFactorSetup: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { users } = app.accounts

  async function pendingAccount(request: FastifyRequest) {
    const pending = await readPending(app, request, config, 'setup')
    const user = pending ? await users.findById(pending.userId).lean<UserDoc>() : null
    if (!pending || !user || user.disabled)
      throw unauthorized(TWO_FACTOR_MESSAGES.signInExpired, 'TWO_FACTOR_EXPIRED')
    return { user, hash: pending.hash }
  }

  app.post(
    '/api/auth/login/2fa/setup',
    {
      preValidation: noBody,
      schema: {
        tags: ['auth'],
        summary: 'A sign-in that must set up two-factor sign-in first: a new secret and its otpauth:// URL',
        response: { 200: SetupAnswer, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => {
      const { user } = await pendingAccount(request)
      const made = newTotpSecret(user.email ?? user.username)
      await users.updateOne({ _id: user._id }, { $set: { totp_pending: made.secret } })
      return made
    },
  )

  app.post(
    '/api/auth/login/2fa/enable',
    {
      schema: {
        tags: ['auth'],
        summary:
          'A sign-in that must set up two-factor sign-in: turn it on with a code; answers the recovery codes and signs in',
        body: CodeBody,
        response: {
          200: Type.Object({ recovery_codes: Type.Array(Type.String()), user: AuthUser }),
          ...errorResponses(400, 401, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { user, hash } = await pendingAccount(request)
      const codes = await enableTwoFactor(app, request, user, request.body.code)
      await endPending(app, reply, config, hash)
      const me = await startSession(app, request, { ...user, two_factor: true }, config)
      return { recovery_codes: codes, user: me }
    },
  )
}

export default twoFactorSetup
