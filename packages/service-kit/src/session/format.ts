import { fastifyCookie } from '@fastify/cookie'

/**
 * The one place that says how a session lives in Redis, shared by the auth service (which writes
 * sessions through @fastify/session) and every other service (which only reads them).
 */
export const SESSION_COOKIE = 'sid'

/**
 * Whether a Cookie header carries a `sid` cookie whose signature under `secret` is valid (checked
 * with @fastify/cookie's unsign, as the session reader checks it), without Redis: the gateway's
 * test of "signed in" before its shared cache. Without a secret any `sid` counts.
 */
export function signedSessionIn(header: string | undefined, secret: string | undefined): boolean {
  if (!header?.includes(`${SESSION_COOKIE}=`)) return false
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=')
    if (eq < 0 || pair.slice(0, eq).trim() !== SESSION_COOKIE) continue
    if (!secret) return true
    const raw = pair.slice(eq + 1).trim()
    let value = raw
    try {
      value = decodeURIComponent(raw)
    } catch {
      // kept as sent
    }
    if (fastifyCookie.unsign(value, secret).valid) return true
  }
  return false
}

/** A session's key, under the deployment's Redis namespace (QUEUE_PREFIX, `site` by default). */
export const sessionKey = (prefix: string, id: string) => `${prefix}:sess:${id}`
/** Set of a user's session ids, so a password change can end all of them. */
export const userSessionsKey = (prefix: string, userId: string) => `${prefix}:user-sess:${userId}`

/** Production limits (spec §9, design §4); the auth service may configure others per deployment. */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000

export interface SessionUser {
  id: string
  username: string
  /** The name shown publicly as the admin's byline; null or absent: the site's (contracts DEFAULT_BYLINE). */
  display_name?: string | null
  /** The account's role (contracts ROLES); absent in a session written before roles: LEGACY_ROLE. */
  role?: string
  /** A translator's languages. */
  languages?: string[]
  /** The account's e-mail and whether two-factor sign-in is on (as the auth service answers them). */
  email?: string | null
  two_factor?: boolean
}

/** What a stored session holds besides @fastify/session's own `cookie` field. */
export interface StoredSession {
  user?: SessionUser
  /** Epoch ms of the login; the session ends ABSOLUTE_TIMEOUT_MS after it whatever the activity. */
  loginAt?: number
  /**
   * The limits the auth service applied when it wrote the session, so every reader enforces the
   * same ones without sharing its configuration. Absent: IDLE_TIMEOUT_MS / ABSOLUTE_TIMEOUT_MS.
   */
  idleTimeoutMs?: number
  absoluteTimeoutMs?: number
  /** The browser and address that signed in (the auth service's sessions list). */
  device?: string
  ip?: string
}

/** The idle and absolute limits of a stored session. */
export function sessionLimits(session: StoredSession): { idleMs: number; absoluteMs: number } {
  return {
    idleMs: session.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
    absoluteMs: session.absoluteTimeoutMs ?? ABSOLUTE_TIMEOUT_MS,
  }
}

/** Parses a stored session; null when it is not a live admin session at `now`. */
export function liveSession(
  json: string | null,
  now: number,
): (StoredSession & { user: SessionUser; loginAt: number }) | null {
  if (!json) return null
  let session: StoredSession
  try {
    session = JSON.parse(json) as StoredSession
  } catch {
    return null
  }
  const user = session.user
  if (!user || typeof user.id !== 'string' || typeof user.username !== 'string') return null
  if (typeof session.loginAt !== 'number') return null
  if (now - session.loginAt >= sessionLimits(session).absoluteMs) return null
  return session as StoredSession & { user: SessionUser; loginAt: number }
}

/** How long the key of a live session should still live: the idle limit, cut at the absolute one. */
export function sessionTtlMs(session: StoredSession & { loginAt: number }, now: number): number {
  const { idleMs, absoluteMs } = sessionLimits(session)
  return Math.max(1, Math.min(idleMs, session.loginAt + absoluteMs - now))
}
