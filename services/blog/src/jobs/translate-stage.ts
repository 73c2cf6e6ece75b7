import type { UploadOverrides } from '../models/upload.js'
import { sanitizePostHtml } from '../lib/sanitize.js'
import { extractKeywords } from '../lib/keywords.js'
import { LlmMalformed, LlmRejected, LlmUnavailable, type Llm } from '../lib/llm.js'
import { chunkHtml, generateTags, translateHtml, translateMeta, type Lang } from '../lib/translate.js'
import { truncateWords } from './derive.js'
import type { Log } from '@site/service-kit'

export type Fields = Record<string, string | null>

/** Remembers translated pieces across attempts, so a retried or restarted job resumes instead of paying twice. */
export interface TranslationMemo {
  get(key: string[]): Promise<string | null>
  set(key: string[], value: string): Promise<void>
}

export interface StageInput {
  llm: Llm | null
  memo?: TranslationMemo
  source: Lang
  targets: Lang[]
  title: string
  excerpt: string
  body: string
  text: string
  overrides: UploadOverrides
  /** Tags the admin or the file gave: no tags are generated then. */
  givenTags: string[] | null
  chunkChars: number
  /** On the last attempt an unreachable model means "import without translation", not "fail". */
  lastAttempt: boolean
  log: Pick<Log, 'warn'>
  onProgress: (fraction: number) => Promise<unknown>
  onTagging: () => Promise<unknown>
}

export interface StageOutput {
  fields: Fields
  machine: string[]
  untranslated: string[]
  aiTags: string[]
  translation: 'llm' | 'offline' | 'partial'
}

/** Translate to every target and tag; falls back per language (malformed answers) or entirely (no model). */
export async function translateAndTag(s: StageInput): Promise<StageOutput> {
  const out: StageOutput = {
    fields: {},
    machine: [],
    untranslated: [],
    aiTags: [],
    translation: s.llm ? 'llm' : 'offline',
  }
  if (s.llm) {
    try {
      for (const [i, t] of s.targets.entries()) {
        try {
          const done = await translateTo(s.llm, t, s, (p) => s.onProgress((i + p) / s.targets.length))
          Object.assign(out.fields, done.fields)
          out.machine.push(...done.machine)
        } catch (err) {
          if (!(err instanceof LlmMalformed)) throw err
          s.log.warn({ err, target: t }, 'model answers malformed twice; keeping the source text')
          out.translation = 'partial'
          fillOffline(s, t, out)
        }
      }
      await s.onTagging()
      if (!s.givenTags) {
        out.aiTags = await generateTags(s.llm, s.title, s.text).catch((err: unknown) => {
          if (err instanceof LlmMalformed) return extractKeywords(s.text)
          throw err
        })
      }
    } catch (err) {
      if (err instanceof LlmUnavailable && !s.lastAttempt) throw err // the queue retries with backoff
      if (!(err instanceof LlmUnavailable || err instanceof LlmRejected)) throw err
      s.log.warn({ err }, 'LLM unavailable; importing without translation')
      Object.assign(out, { fields: {}, machine: [], untranslated: [], aiTags: [], translation: 'offline' })
    }
  }
  if (out.translation === 'offline') for (const t of s.targets) fillOffline(s, t, out)
  if (!s.givenTags && !out.aiTags.length) out.aiTags = extractKeywords(s.text)
  return out
}

/** No translation for `t`: nl/en get the source text (marked untranslated) unless the admin gave one; de stays empty. */
function fillOffline(s: StageInput, t: Lang, out: StageOutput) {
  if (t === 'de') return
  const source = { title: s.title, excerpt: s.excerpt, content: s.body }
  for (const f of ['title', 'excerpt', 'content'] as const) {
    const override = f === 'content' ? undefined : s.overrides[`${f}_${t}`]
    out.fields[`${f}_${t}`] = override || source[f]
    if (!override) out.untranslated.push(`${f}_${t}`)
  }
}

/** One target language: title and excerpt (unless the admin gave them) and the body chunk by chunk. */
async function translateTo(
  llm: Llm,
  t: Lang,
  s: StageInput,
  onProgress: (fraction: number) => Promise<unknown>,
) {
  const fields: Fields = {}
  const machine: string[] = []
  const titleOverride = t === 'de' ? '' : (s.overrides[`title_${t}`] ?? '')
  const excerptOverride = t === 'de' ? '' : (s.overrides[`excerpt_${t}`] ?? '')
  fields[`title_${t}`] = titleOverride
  fields[`excerpt_${t}`] = excerptOverride
  if (!titleOverride || !excerptOverride) {
    const meta = JSON.parse(
      await memoized(s.memo, ['meta', s.source, t, s.title, s.excerpt], async () =>
        JSON.stringify(await translateMeta(llm, { title: s.title, excerpt: s.excerpt }, s.source, t)),
      ),
    ) as { title: string; excerpt: string }
    if (!titleOverride) {
      fields[`title_${t}`] = truncateWords(meta.title, 200)
      machine.push(`title_${t}`)
    }
    if (!excerptOverride) {
      fields[`excerpt_${t}`] = truncateWords(meta.excerpt, 1000)
      machine.push(`excerpt_${t}`)
    }
  }
  const chunks = chunkHtml(s.body, s.chunkChars)
  const parts: string[] = []
  for (const [i, chunk] of chunks.entries()) {
    parts.push(
      sanitizePostHtml(
        await memoized(s.memo, ['html', s.source, t, chunk], () => translateHtml(llm, chunk, s.source, t)),
      ),
    )
    await onProgress((i + 1) / chunks.length)
  }
  fields[`content_${t}`] = parts.join('\n')
  machine.push(`content_${t}`)
  return { fields, machine }
}

async function memoized(
  memo: TranslationMemo | undefined,
  key: string[],
  make: () => Promise<string>,
): Promise<string> {
  const known = await memo?.get(key).catch(() => null)
  if (known) return known
  const value = await make()
  await memo?.set(key, value).catch(() => undefined)
  return value
}
