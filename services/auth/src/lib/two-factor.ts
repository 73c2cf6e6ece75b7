import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { TWO_FACTOR_MESSAGES, type AuthUser } from '@site/contracts'
import { badRequest } from '@site/service-kit'
import type { Config } from '../config.js'
import { requiredRoles } from '../models/policy.js'
import { roleOf, type UserDoc } from '../models/user.js'
import { startPendingSignIn } from './pending-sign-in.js'
import { startSession } from './sign-in.js'
import { newRecoveryCodes, recoveryHash, totpStep } from './totp.js'

/** Whether the team's policy requires two-factor sign-in of `user`'s role. */
export async function roleRequiresTwoFactor(app: FastifyInstance, user: UserDoc): Promise<boolean> {
  return (await requiredRoles(app.accounts.policies)).includes(roleOf(user))
}

/**
 * After the right password (or an accepted invitation): a session, or a pending sign-in that
 * needs a code (two-factor sign-in is on) or a setup first (the role requires it; issue 46).
 * `user` must have been read with `+totp_secret`: the secret decides, not the `two_factor` flag.
 */
export async function signInOrSecondFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserDoc,
  config: Config,
): Promise<AuthUser | { two_factor_required: true } | { two_factor_setup_required: true }> {
  if (user.totp_secret) return startPendingSignIn(app, reply, user, config, 'code')
  if (await roleRequiresTwoFactor(app, user)) return startPendingSignIn(app, reply, user, config, 'setup')
  return startSession(app, request, user, config)
}

/**
 * Whether `code` is the TOTP code of this moment (not used before) or an unused recovery code;
 * uses it. `user` read with `+totp_secret +recovery_codes`.
 */
export async function useCode(app: FastifyInstance, user: UserDoc, code: string): Promise<boolean> {
  return app.changes.exclusive(`user:${String(user._id)}`, () => claimCode(app, user, code))
}

async function claimCode(app: FastifyInstance, user: UserDoc, code: string): Promise<boolean> {
  const { users } = app.accounts
  const step = user.totp_secret ? totpStep(user.totp_secret, code, app.accounts.now()) : null
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

/**
 * Turns two-factor sign-in on with a code for the secret `/2fa/setup` made; answers the ten
 * recovery codes (stored only as hashes). A wrong code is a 400 counted by the failed-login limits.
 */
export async function enableTwoFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserDoc,
  code: string | undefined,
): Promise<string[]> {
  const { users, limiter } = app.accounts
  const trimmed = code?.trim()
  if (!trimmed) throw badRequest(TWO_FACTOR_MESSAGES.codeRequired, 'REQUIRED')
  const pending = await users.findById(user._id).select('+totp_pending').lean<UserDoc>()
  if (!pending?.totp_pending) throw badRequest(TWO_FACTOR_MESSAGES.setupFirst, 'SETUP_FIRST')
  const attempt = await limiter.reserve(request.ip, user.username_key)
  const step = totpStep(pending.totp_pending, trimmed, app.accounts.now())
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
        two_factor: true,
      },
    },
  )
  await app.changes.afterWrite(request, {
    kind: 'account',
    action: 'two-factor',
    target: { id: String(user._id), label: user.username },
    actor: { id: String(user._id), name: user.username },
    fields: ['enabled'],
  })
  return codes
}

/** The sessions of the account say whether two-factor sign-in is on (this request's one too). */
export async function twoFactorInSessions(app: FastifyInstance, request: FastifyRequest, on: boolean) {
  const me = request.session?.user
  if (!me) return
  request.session.user = { ...me, two_factor: on }
  await app.authSessions.updateInSessions(me.id, { two_factor: on }, request.session.sessionId)
}
