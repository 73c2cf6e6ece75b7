import { hostname } from 'node:os'
import type { Redis } from 'ioredis'
import { changeStream, type ChangeRecord } from '@site/contracts'
import { createRedis, isDuplicateKey, type Log } from '@site/service-kit'
import type { AuditModel } from './model.js'

const GROUP = 'audit'
const BATCH = 100
/** A record another replica took but did not acknowledge for this long is taken over (it died). */
const CLAIM_IDLE_MS = 60_000

type Entries = [id: string, fields: string[]][]

/**
 * Reads every service's change records from the change stream with a consumer group of its own,
 * so the trail catches up with whatever was written while it was down, and several auth replicas
 * share the work. A record is acknowledged once it is stored; one stored twice is the same entry
 * (its id).
 */
export class AuditConsumer {
  private readonly redis: Redis
  private readonly consumer = `${hostname()}-${process.pid}`
  private running = false
  private loop: Promise<void> | undefined

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    private readonly audit: AuditModel,
    private readonly log: Log,
  ) {
    // Blocking reads need a connection of their own that waits for Redis instead of failing.
    this.redis = createRedis(redisUrl, {
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      lazyConnect: true,
    })
  }

  private get stream() {
    return changeStream(this.prefix)
  }

  start() {
    this.running = true
    this.loop = this.run()
  }

  async stop() {
    this.running = false
    this.redis.disconnect()
    await this.loop
  }

  private async run() {
    while (this.running) {
      try {
        await this.redis.xgroup('CREATE', this.stream, GROUP, '0', 'MKSTREAM').catch((err: Error) => {
          if (!/BUSYGROUP/.test(err.message)) throw err
        })
        while (this.running) await this.step()
      } catch (err) {
        if (!this.running) return
        this.log.warn({ err }, 'audit: reading the change stream failed; trying again')
        await new Promise((r) => setTimeout(r, 2000))
      }
    }
  }

  /** One round: records this consumer holds unacknowledged, those a dead replica left, then new ones. */
  async step(blockMs = 5000): Promise<number> {
    const own = await this.read('0', 0)
    if (own.length) return this.store(own)
    const claimed = (await this.redis.xautoclaim(
      this.stream,
      GROUP,
      this.consumer,
      CLAIM_IDLE_MS,
      '0-0',
      'COUNT',
      BATCH,
    )) as [string, Entries]
    if (claimed[1].length) return this.store(claimed[1])
    return this.store(await this.read('>', blockMs))
  }

  private async read(from: string, blockMs: number): Promise<Entries> {
    const block = blockMs > 0 ? ['BLOCK', blockMs] : []
    const res = (await this.redis.xreadgroup(
      'GROUP',
      GROUP,
      this.consumer,
      'COUNT',
      BATCH,
      ...(block as ['BLOCK', number]),
      'STREAMS',
      this.stream,
      from,
    )) as [string, Entries][] | null
    return res?.[0]?.[1] ?? []
  }

  private async store(entries: Entries): Promise<number> {
    const records = entries.flatMap(([, fields]) => {
      const raw = fields[fields.indexOf('record') + 1]
      try {
        return raw ? [JSON.parse(raw) as ChangeRecord] : []
      } catch {
        return [] // not ours to keep; acknowledged below so it does not block the group
      }
    })
    // One at a time: a record announced twice (the relay after a lost reply) is the entry it was.
    for (const r of records)
      await this.audit
        .create({
          _id: r.id,
          at: new Date(r.at),
          service: r.service,
          kind: r.kind,
          action: r.action,
          target_id: r.target.id,
          target_label: r.target.label,
          fields: r.fields,
          actor_id: r.actor.id,
          actor_name: r.actor.name,
          ip: r.ip,
        })
        .catch((err: unknown) => {
          if (!isDuplicateKey(err)) throw err
        })
    if (entries.length) await this.redis.xack(this.stream, GROUP, ...entries.map(([id]) => id))
    return entries.length
  }
}
