import fp from 'fastify-plugin'
import cookie from '@fastify/cookie'
import type { FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { unavailable, isDependencyDown } from '../errors.js'
import { SESSION_COOKIE, liveSession, sessionKey, sessionTtlMs, type SessionUser } from './format.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin of this request, read lazily from the shared Redis session store. */
    getAdmin(): Promise<SessionUser | null>
  }
}

export interface SessionReaderOptions {
  secret: string
  redis: () => Redis
  /** The deployment's Redis namespace (QUEUE_PREFIX): sessions of another deployment are not read. */
  prefix: string
  /** Clock, injectable so tests can move time. */
  now?: () => number
}

/**
 * Reads the session the auth service wrote: the signed `sid` cookie names a Redis key.
 * Nothing a client sends besides that signed cookie is trusted. Reading a live session counts as
 * activity: its idle timer restarts (PEXPIRE), so an admin working in any service stays signed in,
 * while the absolute limit since login still holds.
 */
export default fp<SessionReaderOptions>(
  async (app, opts) => {
    if (!app.hasDecorator('parseCookie')) await app.register(cookie, { secret: opts.secret })
    const now = opts.now ?? Date.now
    const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>()

    async function read(request: FastifyRequest): Promise<SessionUser | null> {
      const raw = request.cookies[SESSION_COOKIE]
      if (!raw) return null
      const unsigned = request.unsignCookie(raw)
      if (!unsigned.valid || !unsigned.value) return null
      const key = sessionKey(opts.prefix, unsigned.value)
      try {
        const json = await opts.redis().get(key)
        const at = now()
        const session = liveSession(json, at)
        if (!session) {
          // Past its absolute limit (or unreadable): end it here rather than wait for its TTL.
          if (json) await opts.redis().del(key)
          return null
        }
        await opts.redis().pexpire(key, sessionTtlMs(session, at))
        const { id, username, display_name, role, languages, email, two_factor } = session.user
        // Role and the rest only when the session holds them: a session from before roles reads
        // as before (contracts roleCan takes an absent role as LEGACY_ROLE).
        return {
          id,
          username,
          display_name: typeof display_name === 'string' ? display_name : null,
          ...(typeof role === 'string' ? { role } : {}),
          ...(Array.isArray(languages) ? { languages: languages.filter((l) => typeof l === 'string') } : {}),
          ...(email !== undefined ? { email: typeof email === 'string' ? email : null } : {}),
          ...(two_factor !== undefined ? { two_factor: two_factor === true } : {}),
        }
      } catch (err) {
        if (isDependencyDown(err)) throw unavailable()
        throw err
      }
    }

    app.decorateRequest('getAdmin', function (this: FastifyRequest) {
      let pending = cache.get(this)
      if (!pending) {
        pending = read(this)
        cache.set(this, pending)
      }
      return pending
    })
  },
  { name: 'kit-session-reader' },
)
