import { Type } from 'typebox'
import { packChunks } from '@site/service-kit'
import type { Llm } from './llm.js'
import type { TranslationGuide } from '../glossary/guide.js'

export const LANGUAGE_NAMES = { nl: 'Dutch', en: 'English', de: 'German' } as const
export type Lang = keyof typeof LANGUAGE_NAMES

const TitleAnswer = Type.Object({ translation: Type.String({ minLength: 1, maxLength: 400 }) })
const HtmlAnswer = Type.Object({ html: Type.String({ minLength: 1 }) })
const MetaAnswer = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 400 }),
  excerpt: Type.String({ maxLength: 2000 }),
})
const TagsAnswer = Type.Object({
  tags: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { minItems: 1, maxItems: 10 }),
})

/** The glossary and formality for this language pair (glossary/guide.ts); null: none. */
type Guide = TranslationGuide | null | undefined

const TRANSLATOR = (from: Lang, to: Lang, guide?: Guide) =>
  `You translate website content from ${LANGUAGE_NAMES[from]} to ${LANGUAGE_NAMES[to]} for a software company's blog. ` +
  'Keep the meaning, tone and formatting. Answer with one JSON object only.' +
  (guide?.tone ? ` ${guide.tone}` : '')

/** The request with the glossary entries that occur in `text` before the text itself. */
const withTerms = (instruction: string, text: string, payload: string, guide?: Guide) => {
  const terms = guide?.terms(text)
  return `${instruction}${terms ? `\n${terms}` : ''}\n\n${payload}`
}

/** Interactive (the admin waits): a shorter time limit than the import's calls. */
export async function translateTitle(
  llm: Llm,
  title: string,
  from: Lang,
  to: Lang,
  guide?: Guide,
): Promise<string> {
  const answer = await llm.json(
    TRANSLATOR(from, to, guide),
    withTerms('Translate this title. Answer as {"translation": "..."}.', title, `Title: ${title}`, guide),
    TitleAnswer,
    { timeoutMs: 30000 },
  )
  return answer.translation.trim()
}

export async function translateMeta(
  llm: Llm,
  meta: { title: string; excerpt: string },
  from: Lang,
  to: Lang,
  guide?: Guide,
) {
  const user = withTerms(
    'Translate the title and the excerpt of this blog post. Answer as {"title": "...", "excerpt": "..."}.',
    `${meta.title}\n${meta.excerpt}`,
    JSON.stringify(meta),
    guide,
  )
  return llm.json(TRANSLATOR(from, to, guide), user, MetaAnswer)
}

export async function translateHtml(
  llm: Llm,
  html: string,
  from: Lang,
  to: Lang,
  guide?: Guide,
): Promise<string> {
  const user = withTerms(
    'Translate the text of this HTML fragment. Keep every tag and attribute exactly as it is; translate only the text. ' +
      'Answer as {"html": "..."}.',
    html,
    html,
    guide,
  )
  return (await llm.json(TRANSLATOR(from, to, guide), user, HtmlAnswer)).html
}

export async function generateTags(llm: Llm, title: string, text: string): Promise<string[]> {
  const user =
    'Give 3 to 6 short topic tags (lowercase English, one or two words each) for this blog post. ' +
    'Answer as {"tags": ["..."]}.\n\n' +
    `Title: ${title}\n\n${text.slice(0, 4000)}`
  const answer = await llm.json(
    'You tag blog posts of a software and automation company. Answer with one JSON object only.',
    user,
    TagsAnswer,
  )
  return normalizeTags(answer.tags)
}

export function normalizeTags(tags: string[]): string[] {
  const seen = new Set<string>()
  for (const t of tags) {
    const tag = t.trim().replace(/^#+/, '').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 40)
    if (tag) seen.add(tag)
  }
  return [...seen].slice(0, 10)
}

const VOID = new Set(['br', 'hr', 'img', 'wbr', 'col', 'area', 'source'])

/** Splits HTML between top-level elements and groups the pieces into chunks of at most `max` characters. */
export function chunkHtml(html: string, max: number): string[] {
  const blocks: string[] = []
  let depth = 0
  let start = 0
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(\/?)>/g)) {
    const tag = m[2]!.toLowerCase()
    const end = m.index + m[0].length
    if (m[1]) depth = Math.max(0, depth - 1)
    else if (!VOID.has(tag) && !m[3]) depth++
    if (depth === 0) {
      const piece = html.slice(start, end).trim()
      if (piece) blocks.push(piece)
      start = end
    }
  }
  const rest = html.slice(start).trim()
  if (rest) blocks.push(rest)
  return packChunks(blocks, max)
}
