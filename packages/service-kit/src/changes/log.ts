import { Types, type Connection } from 'mongoose'
import type { ChainableCommander, Redis } from 'ioredis'
import {
  changeStream,
  keysOfWrite,
  purgeChannel,
  type ChangeAction,
  type ChangeActor,
  type ChangeKind,
  type ChangeRecord,
  type PurgeMessage,
  type Revision,
  type RevisionDetail,
} from '@site/contracts'
import type { Log } from '../log.js'
import { isObjectId } from '../ids.js'
import { readVersionKey } from '../read-cache.js'
import { changeModel, type ChangeDoc, type ChangeModel } from './model.js'
import { changedFields, toJsonSnapshot } from './fields.js'
import { sweepChanges, type SweepLimits } from './sweep.js'
import { revisionIds, trimRevisions } from './revisions.js'

/** What a write changed, as it declares it to afterWrite. */
export interface ChangeInput {
  kind: ChangeKind
  action: ChangeAction
  target?: { id: string | null; label?: string | null }
  /** The fields that changed; computed from `before` and `snapshot` when both are given. */
  fields?: string[]
  /** Surrogate keys the write touches; by default the document's and its collection's (keysOfWrite). */
  keys?: string[]
  /**
   * The document is public before and after the write (an edit of a published post, a project's
   * new description): its purged answers may stand in briefly while their upstream is unwell
   * (PurgeMessage.stale). Never for a delete or an unpublish, whatever this says; false when unsaid.
   */
  staysPublic?: boolean
  /** The document as this write saved it (its API shape): kept as a revision of its history. */
  snapshot?: Record<string, unknown>
  /** The document before the write: kept as its first revision when it has no history yet. */
  before?: Record<string, unknown> | null
  /** Who: the request's admin by default (ChangeLogPlugin), else the system. */
  actor?: ChangeActor
  ip?: string | null
}

export interface ChangeLogOptions {
  db: Connection
  /** The connection to announce on (a request-path connection: fails fast while Redis is away). */
  redis: () => Redis
  /** The deployment's Redis namespace (QUEUE_PREFIX). */
  prefix: string
  /** The service that writes (auth, content, blog, ...). */
  service: string
  log: Log
  /** Entries the change stream keeps at most (approximately: MAXLEN ~). */
  streamMaxLen?: number
  /** How often the relay announces records a lost Redis kept back. */
  relayIntervalMs?: number
  limits?: Partial<SweepLimits>
}

/** More for a record's announcement, in its transaction (a service's derived Redis state). */
export type AnnounceAlso = (doc: ChangeDoc, tx: ChainableCommander) => void

const UNKNOWN_ACTOR: ChangeActor = { id: null, name: 'unknown' }
/** Records the relay leaves alone for this long: the request that made one is announcing it. */
const RELAY_GRACE_MS = 2000
const RELAY_BATCH = 100

export function toChangeRecord(service: string, doc: ChangeDoc): ChangeRecord {
  return {
    id: String(doc._id),
    at: doc.at.toISOString(),
    service,
    kind: doc.kind,
    action: doc.action,
    target: { id: doc.target_id, label: doc.target_label },
    fields: doc.fields,
    actor: { id: doc.actor_id, name: doc.actor_name },
    ip: doc.ip,
    keys: doc.keys,
    revision: doc.revision,
  }
}

function toRevision(doc: ChangeDoc): Revision {
  return {
    id: String(doc._id),
    created_at: doc.at.toISOString(),
    action: doc.action,
    actor: { id: doc.actor_id, name: doc.actor_name },
    fields: doc.fields,
  }
}

/** A read layer below the gateways in a writing process (a service's ReadCache): forgets at once. */
export interface ReadLayer {
  clearLocal(): void
}

/** Actions after which the document is not public (its old answers must never stand in). */
const TAKEN_DOWN = new Set<ChangeAction>(['delete', 'unpublish'])

/**
 * The change log of one service (design: "Changes are first-class"). `afterWrite` is the one path
 * every write takes, from a route or a worker, in this order:
 * 1. the read layers forget: this process's at once (`forgets`), and every replica's through the
 *    service's read version (readVersionKey), raised in the announcement's transaction before the
 *    purge, so no gateway hears a purge before the layers below it have forgotten;
 * 2. the record is kept in the service's own database (the outbox; with a snapshot, a revision);
 * 3. it is announced on Redis: the read version, the keys on the purge channel (with `stale` only
 *    for an edit that keeps its document public), the record on the change stream.
 * While Redis is away the record waits and the relay announces it later, in order, read version
 * first too; consumers take a record's id as its identity, so one announced twice does no harm.
 */
export class ChangeLog {
  readonly model: ChangeModel
  private relayTimer: NodeJS.Timeout | undefined
  private sweepTimer: NodeJS.Timeout | undefined
  private relaying: Promise<number> | undefined
  private readonly also: AnnounceAlso[] = []
  private readonly layers: ReadLayer[] = []
  readonly limits: SweepLimits

  constructor(private readonly opts: ChangeLogOptions) {
    this.model = changeModel(opts.db)
    this.limits = { revisionsPerTarget: 50, announcedDays: 7, deletedDays: 30, ...opts.limits }
  }

  /**
   * Adds `also` to every announcement, before the purge goes out: what Redis keeps beside the
   * database (the blog's list order) follows each write, and the relay repeats what Redis missed.
   */
  alsoAnnounce(also: AnnounceAlso) {
    this.also.push(also)
  }

  /** A read layer of this process that forgets first, at every write touching a public answer. */
  forgets(layer: ReadLayer) {
    this.layers.push(layer)
  }

  async afterWrite(input: ChangeInput): Promise<ChangeRecord> {
    const at = new Date()
    const targetId = input.target?.id ?? null
    const keys = input.keys ?? keysOfWrite(input.kind, targetId)
    if (keys.length) for (const layer of this.layers) layer.clearLocal()
    const snapshot = input.snapshot ? toJsonSnapshot(input.snapshot) : undefined
    const before = input.before ? toJsonSnapshot(input.before) : undefined
    const older = targetId && (before || snapshot) ? await revisionIds(this.model, input.kind, targetId) : []
    if (before && targetId && older.length === 0)
      await this.keepBaseline(input.kind, targetId, input.target?.label ?? null, before)
    const fields = input.fields ?? (before && snapshot ? changedFields(before, snapshot) : [])
    const actor = input.actor ?? UNKNOWN_ACTOR
    const fresh = {
      _id: new Types.ObjectId(),
      at,
      kind: input.kind,
      action: input.action,
      target_id: targetId,
      target_label: input.target?.label ?? null,
      fields,
      actor_id: actor.id,
      actor_name: actor.name,
      ip: input.ip ?? null,
      keys,
      stale: input.staysPublic === true && !TAKEN_DOWN.has(input.action),
      snapshot: snapshot ?? null,
      revision: snapshot !== undefined,
      relayed: false,
    }
    // The write itself is done: a record the database did not take is still announced (the purge
    // matters most), and said in the log; it is missing from the history only.
    const kept = await this.model.create(fresh).then(
      () => true,
      (err: unknown) => {
        this.opts.log.warn({ err, change: String(fresh._id) }, 'change record not kept: announced only')
        return false
      },
    )
    const doc = fresh as ChangeDoc
    if (kept && snapshot && targetId) await trimRevisions(this.model, older, this.limits.revisionsPerTarget)
    await this.announce(doc, kept).catch((err: unknown) =>
      this.opts.log.warn(
        { err, change: String(doc._id) },
        'change kept for the relay: Redis did not take it',
      ),
    )
    return toChangeRecord(this.opts.service, doc)
  }

  /** The document's state before its first recorded write, so that write can be undone too. */
  private async keepBaseline(kind: ChangeKind, targetId: string, label: string | null, before: object) {
    const stamp = (before as { updated_at?: unknown }).updated_at
    const at = typeof stamp === 'string' && !Number.isNaN(Date.parse(stamp)) ? new Date(stamp) : new Date()
    await this.model.create({
      at: new Date(Math.min(at.getTime(), Date.now() - 1)),
      kind,
      action: 'baseline',
      target_id: targetId,
      target_label: label,
      fields: [],
      actor_id: null,
      actor_name: UNKNOWN_ACTOR.name,
      keys: [],
      snapshot: before,
      revision: true,
      relayed: true,
    })
  }

  private async announce(doc: ChangeDoc, kept = true): Promise<void> {
    const record = toChangeRecord(this.opts.service, doc)
    const redis = this.opts.redis()
    const tx = redis.multi()
    for (const also of this.also) also(doc, tx)
    if (record.keys.length) {
      // Every replica's read cache forgets before any gateway hears the purge (same transaction).
      tx.incr(readVersionKey(this.opts.prefix, this.opts.service))
      const message: PurgeMessage = {
        id: record.id,
        keys: record.keys,
        ...(doc.stale ? { stale: true } : {}),
      }
      tx.publish(purgeChannel(this.opts.prefix), JSON.stringify(message))
    }
    const maxLen = String(this.opts.streamMaxLen ?? 100_000)
    tx.xadd(changeStream(this.opts.prefix), 'MAXLEN', '~', maxLen, '*', 'record', JSON.stringify(record))
    const results = await tx.exec()
    const failed = (results ?? [[new Error('no reply from Redis'), null]]).find(([err]) => err)
    if (failed) throw failed[0]
    if (kept) await this.model.updateOne({ _id: doc._id }, { $set: { relayed: true } })
  }

  /** Announces what Redis did not take when it was written, oldest first; the count announced. */
  relay(): Promise<number> {
    this.relaying ??= (async () => {
      const cutoff = new Date(Date.now() - RELAY_GRACE_MS)
      const backlog = await this.model
        .find({ relayed: false, at: this.model.base.trusted({ $lt: cutoff }) })
        .sort({ at: 1, _id: 1 })
        .limit(RELAY_BATCH)
        .lean<ChangeDoc[]>()
      let done = 0
      for (const doc of backlog) {
        await this.announce(doc)
        done++
      }
      return done
    })().finally(() => (this.relaying = undefined))
    return this.relaying
  }

  /** The revisions of one document, newest first (without their snapshots). */
  async history(kind: ChangeKind, targetId: string): Promise<Revision[]> {
    const docs = await this.model
      .find({ kind, target_id: targetId, revision: true }, { snapshot: 0 })
      .sort({ at: -1, _id: -1 })
      .limit(this.limits.revisionsPerTarget)
      .lean<ChangeDoc[]>()
    return docs.map(toRevision)
  }

  /** One revision with its snapshot, or null when the document has no such revision. */
  async revision(kind: ChangeKind, targetId: string, revisionId: string): Promise<RevisionDetail | null> {
    if (!isObjectId(revisionId)) return null
    const doc = await this.model
      .findOne({ _id: revisionId, kind, target_id: targetId, revision: true })
      .lean<ChangeDoc>()
    if (!doc?.snapshot) return null
    return { ...toRevision(doc), snapshot: doc.snapshot }
  }

  sweep(now = new Date()) {
    return sweepChanges(this.model, this.limits, now)
  }

  /** Starts the relay (every few seconds) and the hourly sweep; both stop with `stop`. */
  start() {
    const every = this.opts.relayIntervalMs ?? 5000
    const warn = (what: string) => (err: unknown) => this.opts.log.warn({ err }, what)
    this.relayTimer = setInterval(() => {
      if (this.opts.redis().status === 'ready') this.relay().catch(warn('change relay failed'))
    }, every).unref()
    this.sweepTimer = setInterval(
      () => void this.sweep().catch(warn('change sweep failed')),
      3600_000,
    ).unref()
  }

  async stop() {
    clearInterval(this.relayTimer)
    clearInterval(this.sweepTimer)
    await this.relaying?.catch(() => undefined)
  }
}
