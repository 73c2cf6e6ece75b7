import { changeStream, type ChangeRecord } from '@site/contracts'
import { createRedis, type Log } from '@site/service-kit'

type Entries = [id: string, fields: string[]][]

export interface FeedHandlers {
  /** Records written since the last batch, oldest first. */
  records(records: ChangeRecord[]): Promise<void>
  /** The feed lost its place (Redis trimmed or lost records it had not read): read everything again. */
  lost(): Promise<void>
}

const BATCH = 500
const RETRY_MS = 2000

/** Stream ids (`<ms>-<seq>`) in order. */
function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(BigInt) as [bigint, bigint]
  const [bm, bs] = b.split('-').map(BigInt) as [bigint, bigint]
  return am === bm ? Number(as - bs) : am < bm ? -1 : 1
}

/**
 * Every service's change records, read from the change stream (`<QUEUE_PREFIX>:changes`) from a
 * cursor of this process's own: no consumer group, since each replica keeps a whole index. A read
 * blocks in Redis until a record comes (or `blockMs` passes), so an idle site costs one command
 * every half minute. After a reconnect the feed checks that the stream still holds its place.
 */
export class ChangeFeed {
  private readonly redis: ReturnType<typeof createRedis>
  private cursor: string | undefined
  private running = false
  private loop: Promise<void> | undefined
  private reconnected = false

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    private readonly log: Log,
    private readonly blockMs = 30_000,
  ) {
    // Blocking reads need a connection of their own that waits for Redis instead of failing.
    this.redis = createRedis(redisUrl, {
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      lazyConnect: true,
    })
    let connectedBefore = false
    this.redis.on('ready', () => {
      if (connectedBefore) this.reconnected = true
      connectedBefore = true
    })
  }

  private get stream() {
    return changeStream(this.prefix)
  }

  /** The newest record's id now: a full read that starts after this covers everything up to it. */
  async position(): Promise<string> {
    const last = (await this.redis.xrevrange(this.stream, '+', '-', 'COUNT', 1)) as Entries
    return last[0]?.[0] ?? '0-0'
  }

  /** Reads from `from` (a `position()` taken before the full read) on; without it, `lost` starts. */
  start(from: string | undefined, on: FeedHandlers) {
    this.cursor = from
    this.running = true
    this.loop = this.run(on)
  }

  async stop() {
    this.running = false
    this.redis.disconnect()
    await this.loop
  }

  private async run(on: FeedHandlers) {
    while (this.running) {
      try {
        if (this.cursor === undefined || (this.reconnected && (await this.trimmedPast(this.cursor)))) {
          this.reconnected = false
          this.cursor = await this.position()
          await on.lost()
          continue
        }
        this.reconnected = false
        const res = (await this.redis.xread(
          'COUNT',
          BATCH,
          'BLOCK',
          this.blockMs,
          'STREAMS',
          this.stream,
          this.cursor,
        )) as [string, Entries][] | null
        const entries = res?.[0]?.[1] ?? []
        if (!entries.length) continue
        await on.records(entries.flatMap(([, fields]) => parse(fields)))
        this.cursor = entries.at(-1)![0]
      } catch (err) {
        if (!this.running) return
        this.log.warn({ err }, 'chat: reading the change stream failed; trying again')
        await new Promise((r) => setTimeout(r, RETRY_MS))
      }
    }
  }

  /** Whether records after `cursor` are gone (the stream trimmed past it, or Redis lost it). */
  private async trimmedPast(cursor: string): Promise<boolean> {
    const first = ((await this.redis.xrange(this.stream, '-', '+', 'COUNT', 1)) as Entries)[0]?.[0]
    if (!first || compareIds(first, cursor) <= 0) return false
    const [ms, seq] = cursor.split('-')
    return first !== `${ms}-${BigInt(seq!) + 1n}`
  }
}

function parse(fields: string[]): ChangeRecord[] {
  const raw = fields[fields.indexOf('record') + 1]
  try {
    return raw ? [JSON.parse(raw) as ChangeRecord] : []
  } catch {
    return []
  }
}
