import type { Types } from 'mongoose'
import type { ChangeKind } from '@site/contracts'
import type { ChangeModel } from './model.js'

/**
 * A document's kept revisions, newest first (ids only): one query on the history's index, whose
 * answer is bounded by the number kept per document, whatever the size of the log.
 */
export async function revisionIds(model: ChangeModel, kind: ChangeKind, targetId: string) {
  const docs = await model
    .find({ kind, target_id: targetId, revision: true }, { _id: 1 })
    .sort({ at: -1, _id: -1 })
    .lean<{ _id: Types.ObjectId }[]>()
  return docs.map((d) => d._id)
}

/**
 * Keeps a document's newest `keep` revisions once a new one is written (`older`: the ones before
 * it, newest first). Done at the write, for that document alone: a sweep that looked for crowded
 * histories read every revision of every document.
 */
export async function trimRevisions(model: ChangeModel, older: Types.ObjectId[], keep: number) {
  let removed = 0
  for (const _id of older.slice(Math.max(0, keep - 1)))
    removed += (await model.deleteOne({ _id })).deletedCount
  return removed
}
