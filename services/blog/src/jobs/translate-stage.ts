import type { UploadOverrides } from '../models/upload.js'
import { sanitizePostHtml } from '../lib/sanitize.js'
import { extractKeywords } from '../lib/keywords.js'
import { LlmMalformed, LlmRejected, LlmUnavailable, type Llm } from '../lib/llm.js'
import { chunkHtml, generateTags, translateHtml, translateMeta, type Lang } from '../lib/translate.js'
import { truncateWords } from './derive.js'
import type { Log } from '@site/service-kit'
import type { Glossary, GlossaryIssue } from '@site/contracts'
import { glossaryIssues, guideFor } from '../glossary/guide.js'

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
  /** Terms and formality every translation follows (glossary/guide.ts); none without it. */
  glossary?: Glossary
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
  /** Glossary rules the machine translations broke (checked after each language). */
  glossaryIssues: GlossaryIssue[]
}

/** Translate to every target and tag; falls back per language (malformed answers) or entirely (no model). */
export async function translateAndTag(s: StageInput): Promise<StageOutput> {
  const out: StageOutput = {
    fields: {},
    machine: [],
    untranslated: [],
    aiTags: [],
    translation: s.llm ? 'llm' : 'offline',
    glossaryIssues: [],
  }
  if (s.llm) {
    try {
      for (const [i, t] of s.targets.entries()) {
        try {
          const done = await translateTo(s.llm, t, s, (p) => s.onProgress((i + p) / s.targets.length))
          Object.assign(out.fields, done.fields)
          out.machine.push(...done.machine)
          out.glossaryIssues.push(...checkTerms(s, t, done.fields, done.machine))
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
      Object.assign(out, {
        fields: {},
        machine: [],
        untranslated: [],
        aiTags: [],
        translation: 'offline',
        glossaryIssues: [],
      })
    }
  }
  if (out.translation === 'offline') for (const t of s.targets) fillOffline(s, t, out)
  if (!s.givenTags && !out.aiTags.length) out.aiTags = extractKeywords(s.text)
  return out
}

/** The glossary check of the fields the model wrote for `t`, each against its source field. */
function checkTerms(s: StageInput, t: Lang, fields: Fields, machine: string[]): GlossaryIssue[] {
  if (!s.glossary) return []
  const source: Record<string, string> = { title: s.title, excerpt: s.excerpt, content: s.body }
  return machine.flatMap((field) =>
    glossaryIssues(s.glossary!, s.source, t, field, source[field.split('_')[0]!] ?? '', fields[field] ?? ''),
  )
}

/**
 * No translation for `t`: nl/en get the source text (marked untranslated) unless the admin gave
 * one, so glossary terms stay exactly as written; de stays empty.
 */
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
  const guide = s.glossary ? guideFor(s.glossary, s.source, t) : null
  // A changed glossary or formality is a different question: the memo keys name what the model is told.
  const told = (text: string) => (guide ? `${guide.tone}\n${guide.terms(text)}` : '')
  const titleOverride = t === 'de' ? '' : (s.overrides[`title_${t}`] ?? '')
  const excerptOverride = t === 'de' ? '' : (s.overrides[`excerpt_${t}`] ?? '')
  fields[`title_${t}`] = titleOverride
  fields[`excerpt_${t}`] = excerptOverride
  if (!titleOverride || !excerptOverride) {
    const meta = JSON.parse(
      await memoized(
        s.memo,
        ['meta', s.source, t, s.title, s.excerpt, told(`${s.title}\n${s.excerpt}`)],
        async () =>
          JSON.stringify(
            await translateMeta(llm, { title: s.title, excerpt: s.excerpt }, s.source, t, guide),
          ),
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
        await memoized(s.memo, ['html', s.source, t, chunk, told(chunk)], () =>
          translateHtml(llm, chunk, s.source, t, guide),
        ),
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
