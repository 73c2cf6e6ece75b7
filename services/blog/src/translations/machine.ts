import { plainText } from '@site/contracts/text'
import type { Llm } from '../lib/llm.js'
import { chunkHtml, translateHtml, translateMeta } from '../lib/translate.js'
import { sanitizePostHtml } from '../lib/sanitize.js'
import { truncateWords } from '../jobs/derive.js'
import type { PostDoc } from '../models/post.js'
import type { TLang } from './model.js'

const text = (doc: PostDoc, field: string) => {
  const v = (doc as unknown as Record<string, unknown>)[field]
  return typeof v === 'string' ? v : ''
}

/**
 * One language of a post from its source: with the model, the title and excerpt in one call and the
 * body chunk by chunk (as an import does); without one (`llm` null) the offline path of the import:
 * the source text itself, marked untranslated (docs/blog-import.md).
 */
export async function machineFields(
  llm: Llm | null,
  doc: PostDoc,
  source: TLang,
  target: TLang,
  chunkChars: number,
): Promise<{ fields: Record<string, string>; untranslated: boolean }> {
  const title = text(doc, `title_${source}`)
  const excerpt = text(doc, `excerpt_${source}`)
  const body = text(doc, `content_${source}`)
  if (!llm)
    return {
      fields: { [`title_${target}`]: title, [`excerpt_${target}`]: excerpt, [`content_${target}`]: body },
      untranslated: true,
    }
  const meta = await translateMeta(llm, { title, excerpt }, source, target)
  const parts: string[] = []
  for (const chunk of chunkHtml(body, chunkChars))
    parts.push(sanitizePostHtml(await translateHtml(llm, chunk, source, target)))
  return {
    fields: {
      [`title_${target}`]: plainText(truncateWords(meta.title, 200)),
      [`excerpt_${target}`]: plainText(truncateWords(meta.excerpt, 1000)),
      [`content_${target}`]: parts.join('\n'),
    },
    untranslated: false,
  }
}
