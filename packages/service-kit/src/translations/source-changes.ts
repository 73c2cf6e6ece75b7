import type { ChangeKind, SourceChange, SourceChanges } from '@site/contracts'
import type { ChangeModel } from '../changes/model.js'
import type { TLang, TranslatedDoc, TranslationModel } from './model.js'

const text = (v: unknown) => (typeof v === 'string' ? v : '')

/**
 * What changed in a language's source since it was translated (the editors' side by side,
 * docs/editorial.md "Translations"), for any kind of document with revisions in the change log
 * (posts, pages): the source as it was is the newest kept revision whose source fields hash to the
 * language's `source_rev`. Only the fields that differ are listed; with no such revision (trimmed,
 * or written before the history) `then` is null for every field.
 */
export async function sourceChanges(
  changes: ChangeModel,
  kind: ChangeKind,
  model: TranslationModel,
  doc: TranslatedDoc & { _id: unknown },
  lang: TLang,
): Promise<SourceChanges> {
  const view = model.translationView(doc, lang)
  const from = view.source_lang as TLang | null
  if (!from || !view.stale || !view.source_rev)
    return { source_lang: from, stale: false, found: true, fields: [] }
  const projection = Object.fromEntries(model.fields.map((f) => [`snapshot.${f}_${from}`, 1]))
  const revisions = await changes
    .find({ kind, target_id: String(doc._id), revision: true }, projection)
    .sort({ at: -1, _id: -1 })
    .lean<{ snapshot?: Record<string, unknown> | null }[]>()
  const then = revisions.find(
    (r) => r.snapshot && model.sourceHash(r.snapshot, from) === view.source_rev,
  )?.snapshot
  const fields: SourceChange[] = []
  for (const field of model.fields) {
    const now = text(doc[`${field}_${from}`])
    const was = then ? text(then[`${field}_${from}`]) : null
    if (was === null || was.trim() !== now.trim())
      fields.push({ field: field as SourceChange['field'], then: was, now })
  }
  return { source_lang: from, stale: true, found: Boolean(then), fields }
}
