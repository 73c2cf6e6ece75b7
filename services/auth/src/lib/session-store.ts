import type { Redis } from 'ioredis'
import type { SessionStore } from '@fastify/session'
import type { Session } from 'fastify'
import {
  liveSession,
  sessionKey,
  sessionTtlMs,
  userSessionsKey,
  type SessionUser,
  type StoredSession,
} from '@site/service-kit'

type Callback = (err?: unknown) => void

/**
 * @fastify/session store on the shared Redis, in the format every service's session reader
 * understands (service-kit session/format.ts). Only signed-in sessions are stored, so anonymous
 * visitors cost nothing. A key lives for the idle limit (cut at the absolute one) and every read
 * restarts that timer; the absolute limit since login is checked on every read.
 */
export class RedisSessionStore implements SessionStore {
  /** Sessions a login just created: written only if new (NX). Every other write only updates (XX), so a late save never revives a session that logout or a password change ended. */
  private readonly fresh = new WeakSet<object>()

  constructor(
    private readonly redis: () => Redis,
    private readonly now: () => number,
    /** The deployment's Redis namespace (QUEUE_PREFIX), shared with every service's session reader. */
    private readonly prefix: string,
  ) {}

  markFresh(session: object) {
    this.fresh.add(session)
  }

  set(id: string, session: Session, callback: Callback) {
    this.write(id, session).then(() => callback(), callback)
  }

  get(id: string, callback: (err: unknown, result?: Session | null) => void) {
    this.read(id).then((s) => callback(null, s), callback)
  }

  destroy(id: string, callback: Callback) {
    this.remove(id).then(() => callback(), callback)
  }

  private async write(id: string, session: Session) {
    const data: StoredSession = {
      user: session.user,
      loginAt: session.loginAt,
      idleTimeoutMs: session.idleTimeoutMs,
      absoluteTimeoutMs: session.absoluteTimeoutMs,
      device: session.device,
      ip: session.ip,
    }
    const at = this.now()
    const live = liveSession(JSON.stringify(data), at)
    if (!live) return
    const isNew = this.fresh.has(session)
    const key = sessionKey(this.prefix, id)
    const ttl = sessionTtlMs(live, at)
    const written = isNew
      ? await this.redis().set(key, JSON.stringify(data), 'PX', ttl, 'NX')
      : await this.redis().set(key, JSON.stringify(data), 'PX', ttl, 'XX')
    if (written !== 'OK') return
    this.fresh.delete(session)
    // The set lives as long as the longest session it can hold.
    await this.redis()
      .multi()
      .sadd(userSessionsKey(this.prefix, live.user.id), id)
      .pexpire(userSessionsKey(this.prefix, live.user.id), live.absoluteTimeoutMs ?? ttl)
      .exec()
    if (isNew) await this.prune(live.user.id)
  }

  private async read(id: string): Promise<Session | null> {
    const key = sessionKey(this.prefix, id)
    const json = await this.redis().get(key)
    const at = this.now()
    const live = liveSession(json, at)
    if (!live) {
      if (json) await this.remove(id)
      return null
    }
    await this.redis().pexpire(key, sessionTtlMs(live, at))
    // Without a stored `cookie`, the cookie options always come from this deployment's config.
    const { user, loginAt, idleTimeoutMs, absoluteTimeoutMs, device, ip } = live
    return { user, loginAt, idleTimeoutMs, absoluteTimeoutMs, device, ip } as Session
  }

  private async remove(id: string) {
    const key = sessionKey(this.prefix, id)
    const json = await this.redis().get(key)
    const userId = parseUserId(json)
    const tx = this.redis().multi().del(key)
    if (userId) tx.srem(userSessionsKey(this.prefix, userId), id)
    await tx.exec()
  }

  /** Ends every session of a user except `keepId`; returns how many ended. */
  async endOtherSessions(userId: string, keepId?: string): Promise<number> {
    const ids = (await this.redis().smembers(userSessionsKey(this.prefix, userId))).filter(
      (id) => id !== keepId,
    )
    if (ids.length === 0) return 0
    const tx = this.redis().multi()
    for (const id of ids) tx.del(sessionKey(this.prefix, id)).srem(userSessionsKey(this.prefix, userId), id)
    const results = (await tx.exec()) ?? []
    return results.filter((_r, i) => i % 2 === 0 && _r[1] === 1).length
  }

  /** After a change of name or display name, the user's other sessions hold the new one too. */
  async updateInSessions(userId: string, change: Partial<SessionUser>, exceptId?: string) {
    for (const id of await this.redis().smembers(userSessionsKey(this.prefix, userId))) {
      if (id === exceptId) continue
      const json = await this.redis().get(sessionKey(this.prefix, id))
      const data = json ? (JSON.parse(json) as StoredSession) : null
      if (!data?.user) continue
      data.user = { ...data.user, ...change }
      await this.redis().set(sessionKey(this.prefix, id), JSON.stringify(data), 'KEEPTTL', 'XX')
    }
  }

  /** The live sessions of a user (issue 46): device, address, sign-in and last activity. */
  async listSessions(userId: string): Promise<SessionEntry[]> {
    const out: SessionEntry[] = []
    const at = this.now()
    for (const id of await this.redis().smembers(userSessionsKey(this.prefix, userId))) {
      const key = sessionKey(this.prefix, id)
      const [json, pttl] = await Promise.all([this.redis().get(key), this.redis().pttl(key)])
      const live = liveSession(json, at)
      if (!live || live.user.id !== userId) continue
      // Every read restarts the idle timer: the time since then is what the TTL lost.
      const idle = live.idleTimeoutMs ?? pttl
      const lastSeen = Math.max(live.loginAt, at - Math.max(0, idle - Math.max(0, pttl)))
      out.push({ id, device: live.device ?? '', ip: live.ip ?? '', loginAt: live.loginAt, lastSeen })
    }
    return out.sort((a, b) => b.lastSeen - a.lastSeen)
  }

  /** Ends one session of a user; false when it is not one of theirs (or already over). */
  async endSession(userId: string, id: string): Promise<boolean> {
    if (!(await this.redis().sismember(userSessionsKey(this.prefix, userId), id))) return false
    const [del] = (await this.redis()
      .multi()
      .del(sessionKey(this.prefix, id))
      .srem(userSessionsKey(this.prefix, userId), id)
      .exec()) ?? [[null, 0]]
    return del?.[1] === 1
  }

  /** Drops ids of sessions that expired on their own from the user's set. */
  private async prune(userId: string) {
    const ids = await this.redis().smembers(userSessionsKey(this.prefix, userId))
    if (ids.length < 2) return
    const exists = await Promise.all(ids.map((id) => this.redis().exists(sessionKey(this.prefix, id))))
    const dead = ids.filter((_id, i) => exists[i] === 0)
    if (dead.length) await this.redis().srem(userSessionsKey(this.prefix, userId), ...dead)
  }
}

export interface SessionEntry {
  id: string
  device: string
  ip: string
  loginAt: number
  lastSeen: number
}

function parseUserId(json: string | null): string | null {
  if (!json) return null
  try {
    const id = (JSON.parse(json) as StoredSession).user?.id
    return typeof id === 'string' ? id : null
  } catch {
    return null
  }
}

declare module 'fastify' {
  interface Session {
    user?: import('@site/service-kit').SessionUser
    loginAt?: number
    idleTimeoutMs?: number
    absoluteTimeoutMs?: number
    /** The browser (User-Agent) and address of the sign-in: the sessions list (issue 46). */
    device?: string
    ip?: string
  }
}
