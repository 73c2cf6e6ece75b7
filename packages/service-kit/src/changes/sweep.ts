import type { ChangeDoc, ChangeModel } from './model.js'

export interface SweepLimits {
  /** Revisions kept per document, newest first. */
  revisionsPerTarget: number
  /** Days an announced record without a snapshot stays (consumers such as the audit trail keep their own copy). */
  announcedDays: number
  /** Days the history of a deleted document stays. */
  deletedDays: number
}

const DAY_MS = 24 * 3600 * 1000

/**
 * Bounds the change log (no TTL indexes: FerretDB has none, design §3): announced records without
 * a snapshot after `announcedDays`, and the history of documents deleted `deletedDays` ago. Each
 * query is bounded by what those days wrote, not by the size of the log; a document's revisions
 * beyond the newest `revisionsPerTarget` go at the write that adds one (revisions.ts).
 */
export async function sweepChanges(model: ChangeModel, limits: SweepLimits, now = new Date()) {
  const trusted = model.base.trusted.bind(model.base)
  const before = (days: number) => trusted({ $lt: new Date(now.getTime() - days * DAY_MS) })
  // A deletion's record stays: it says when the rest of its document's history goes (below).
  const announced = await model.deleteMany({
    revision: false,
    relayed: true,
    action: trusted({ $ne: 'delete' }),
    at: before(limits.announcedDays),
  })

  let deleted = 0
  const gone = await model
    .find({ action: 'delete', at: before(limits.deletedDays) }, { kind: 1, target_id: 1, at: 1 })
    .lean<Pick<ChangeDoc, 'kind' | 'target_id' | 'at'>[]>()
  for (const doc of gone) {
    if (!doc.target_id) continue
    const res = await model.deleteMany({
      kind: doc.kind,
      target_id: doc.target_id,
      at: trusted({ $lte: doc.at }),
    })
    deleted += res.deletedCount
  }
  return { announced: announced.deletedCount, deleted }
}
