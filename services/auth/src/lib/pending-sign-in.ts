import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import { newToken, tokenHash } from '../models/invitation.js'
import type { UserDoc } from '../models/user.js'

/** The cookie that carries a sign-in between the right password and the second factor. */
export const PENDING_COOKIE = 'tfa'
/**
 * What a pending sign-in still needs: `code` (two-factor sign-in is on: a code) or `setup` (the
 * role requires two-factor sign-in and the account has none: set it up first). A setup takes
 * longer (install an app, scan), so it has more time.
 */
export type PendingKind = 'code' | 'setup'
const PENDING_MS: Record<PendingKind, number> = { code: 5 * 60 * 1000, setup: 15 * 60 * 1000 }

const pendingKey = (config: Config, hash: string) => `${config.QUEUE_PREFIX}:2fa-pending:${hash}`

/** After the right password: no session yet, a short-lived pending sign-in in Redis instead. */
export async function startPendingSignIn(
  app: FastifyInstance,
  reply: FastifyReply,
  user: UserDoc,
  config: Config,
  kind: PendingKind,
) {
  const { token, hash } = newToken()
  // A `code` sign-in keeps the bare id (the form before setups existed).
  const value = kind === 'setup' ? `setup:${String(user._id)}` : String(user._id)
  await app.redis.set(pendingKey(config, hash), value, 'PX', PENDING_MS[kind])
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
  return kind === 'setup'
    ? { two_factor_setup_required: true as const }
    : { two_factor_required: true as const }
}

/** The account id of this request's pending sign-in of `kind`, and its token's hash; null without one. */
export async function readPending(
  app: FastifyInstance,
  request: FastifyRequest,
  config: Config,
  kind: PendingKind,
): Promise<{ userId: string; hash: string } | null> {
  const raw = request.cookies[PENDING_COOKIE]
  const token = raw ? request.unsignCookie(raw) : null
  if (!token?.valid || !token.value) return null
  const hash = tokenHash(token.value)
  const value = await app.redis.get(pendingKey(config, hash))
  if (!value) return null
  const isSetup = value.startsWith('setup:')
  if (isSetup !== (kind === 'setup')) return null
  return { userId: isSetup ? value.slice('setup:'.length) : value, hash }
}

/** Ends a pending sign-in (it turned into a session). */
export async function endPending(app: FastifyInstance, reply: FastifyReply, config: Config, hash: string) {
  await app.redis.del(pendingKey(config, hash))
  reply.clearCookie(PENDING_COOKIE, { path: '/api/auth' })
}
