import type { SourceChange, SourceChanges } from '@site/contracts'
import type { ChangeModel } from '@site/service-kit/changes'
import type { PostDoc } from '../models/post.js'
import { TRANSLATABLE, sourceHash, translationView, type TLang } from './model.js'

const text = (v: unknown) => (typeof v === 'string' ? v : '')

/**
 * What changed in a language's source since it was translated (the editor's side by side,
 * docs/editorial.md "Translations"): the source as it was is the newest kept revision whose source
 * fields hash to the language's `source_rev`. Only the fields that differ are listed; with no such
 * revision (trimmed, or written before the history) `then` is null for every field.
 */
export async function sourceChanges(changes: ChangeModel, doc: PostDoc, lang: TLang): Promise<SourceChanges> {
  const view = translationView(doc as never, lang)
  const from = view.source_lang as TLang | null
  if (!from || !view.stale || !view.source_rev)
    return { source_lang: from, stale: false, found: true, fields: [] }
  const projection = Object.fromEntries(TRANSLATABLE.map((f) => [`snapshot.${f}_${from}`, 1]))
  const revisions = await changes
    .find({ kind: 'post', target_id: String(doc._id), revision: true }, projection)
    .sort({ at: -1, _id: -1 })
    .lean<{ snapshot?: Record<string, unknown> | null }[]>()
  const then = revisions.find((r) => r.snapshot && sourceHash(r.snapshot, from) === view.source_rev)?.snapshot
  const fields: SourceChange[] = []
  for (const field of TRANSLATABLE) {
    const now = text((doc as Record<string, unknown>)[`${field}_${from}`])
    const was = then ? text(then[`${field}_${from}`]) : null
    if (was === null || was.trim() !== now.trim()) fields.push({ field, then: was, now })
  }
  return { source_lang: from, stale: true, found: Boolean(then), fields }
}
