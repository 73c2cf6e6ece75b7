import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN, type AuthUser } from '@site/contracts'
import { badRequest } from '@site/service-kit'
import type { Config } from '../config.js'
import type { UserDoc } from '../models/user.js'
import { toUserDto } from './dto.js'

/** The spec's password rules (8 to 1024 characters): a 400 in the user's words. */
export function checkPassword(password: string | undefined): string {
  if (!password) throw badRequest(AUTH_MESSAGES.fillInAll, 'REQUIRED')
  if ([...password].length < PASSWORD_MIN)
    throw badRequest(AUTH_MESSAGES.passwordTooShort, 'PASSWORD_TOO_SHORT')
  if (password.length > PASSWORD_MAX) throw badRequest(AUTH_MESSAGES.passwordTooLong, 'PASSWORD_TOO_LONG')
  return password
}

/**
 * Starts a signed-in session for `user` on this request: a new session id (no fixation), the
 * account's id, names and role, the configured limits, the device and address (the sessions list),
 * the last sign-in, and the audit record.
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserDoc,
  config: Config,
): Promise<AuthUser> {
  const now = app.accounts.now
  await request.session.regenerate()
  const me = toUserDto(user)
  request.session.user = me
  request.session.loginAt = now()
  request.session.idleTimeoutMs = config.SESSION_IDLE_TIMEOUT_MS
  request.session.absoluteTimeoutMs = config.SESSION_ABSOLUTE_TIMEOUT_MS
  request.session.device = String(request.headers['user-agent'] ?? '').slice(0, 200)
  request.session.ip = request.ip
  app.authSessions.markFresh(request.session)
  await app.accounts.users.updateOne({ _id: user._id }, { $set: { last_sign_in_at: new Date(now()) } })
  request.log.info({ event: 'login', userId: me.id }, 'admin signed in')
  await app.changes.afterWrite(request, {
    kind: 'account',
    action: 'sign-in',
    target: { id: me.id, label: me.username },
    actor: { id: me.id, name: me.username },
  })
  return me
}
