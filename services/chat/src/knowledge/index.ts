import { createHash } from 'node:crypto'
import MiniSearch from 'minisearch'
import type { Locale } from '@site/contracts'
import { SITE_FACTS } from './facts.js'
import { readSource, SOURCE_NAMES, type DetailMemo, type SourceName, type SourceOptions } from './sources.js'
import { normalizeTerm, passages } from './text.js'
import { itemUrl, localized, type KnowledgeItem } from './types.js'
import type { Log } from '@site/service-kit'

interface Chunk {
  id: number
  key: string
  lang: Locale | 'any'
  title: string
  text: string
  tags: string
}

export interface Hit {
  item: KnowledgeItem
  /** The best matching passage of the item, in the answer language when the item has it. */
  passage: string
  score: number
}

const LANGS = ['nl', 'en', 'de'] as const

function buildChunks(items: KnowledgeItem[]): Chunk[] {
  const chunks: Chunk[] = []
  for (const item of items) {
    for (const lang of [...LANGS, 'any'] as const) {
      const text = item.text[lang]
      if (!text) continue
      const title = lang === 'any' ? localized(item.title, 'nl') : localized(item.title, lang)
      for (const p of passages(text))
        chunks.push({
          id: chunks.length,
          key: item.key,
          lang,
          title,
          text: p,
          tags: (item.tags ?? []).join(' '),
        })
    }
  }
  return chunks
}

function newSearch() {
  return new MiniSearch<Chunk>({
    fields: ['title', 'text', 'tags'],
    processTerm: normalizeTerm,
    searchOptions: {
      boost: { title: 2, tags: 1.5 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 6 ? 0.15 : false),
      combineWith: 'OR',
    },
  })
}

const digests = new WeakMap<KnowledgeItem, string>()
function itemDigest(item: KnowledgeItem): string {
  let d = digests.get(item)
  if (d === undefined) {
    d = createHash('sha256').update(JSON.stringify(item)).digest('base64')
    digests.set(item, d)
  }
  return d
}

/**
 * The site's published content as an in-memory BM25 index (MiniSearch), rebuilt from the owning
 * services' public APIs every refresh. A source that does not answer keeps its last known items,
 * so a restarting content service never empties the assistant's knowledge.
 */
export class KnowledgeIndex {
  private bySource = new Map<SourceName, KnowledgeItem[]>()
  /** Full pages and posts by slug between refreshes: a refresh re-reads only what changed. */
  private readonly details = new Map<SourceName, DetailMemo>(SOURCE_NAMES.map((n) => [n, new Map()]))
  private items = new Map<string, KnowledgeItem>()
  private chunks: Chunk[] = []
  private search = newSearch()
  private signature = ''
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  /** A change was announced while a refresh ran: that refresh may have read before the write. */
  private again = false
  private soon: NodeJS.Timeout | undefined
  private stopped = false
  lastRefresh: { at: Date; failed: SourceName[] } | undefined

  constructor(private readonly opts: SourceOptions & { refreshMs: number; log?: Log }) {
    this.rebuild()
  }

  /** Re-reads every source and rebuilds the index when anything changed. Never throws. */
  refresh(): Promise<void> {
    this.running ??= this.doRefresh().finally(() => {
      this.running = undefined
      if (this.again) {
        this.again = false
        this.refreshSoon(0)
      }
    })
    return this.running
  }

  private async doRefresh() {
    const failed: SourceName[] = []
    await Promise.all(
      SOURCE_NAMES.map(async (name) => {
        try {
          this.bySource.set(name, await readSource(name, this.opts, this.details.get(name)))
        } catch (err) {
          failed.push(name)
          this.opts.log?.warn(
            { err: (err as Error).message, source: name },
            'chat: content source unavailable, keeping the last copy',
          )
        }
      }),
    )
    this.lastRefresh = { at: new Date(), failed }
    this.rebuild()
  }

  private rebuild() {
    const all = [...SITE_FACTS, ...SOURCE_NAMES.flatMap((n) => this.bySource.get(n) ?? [])]
    // A digest, not the JSON itself: at a thousand posts the JSON is ~16 MB that would stay in
    // memory between refreshes (and be built twice at once), pushing the chat past its limit.
    // Each item's own digest is kept by the item: an unchanged post keeps its item object between
    // refreshes (sources.ts), so a refresh with nothing new hashes a few hundred bytes per post.
    const hash = createHash('sha256')
    for (const item of all) hash.update(itemDigest(item)).update('\n')
    const signature = hash.digest('base64')
    if (signature === this.signature) return
    const chunks = buildChunks(all)
    const search = newSearch()
    search.addAll(chunks)
    this.items = new Map(all.map((i) => [i.key, i]))
    this.chunks = chunks
    this.search = search
    this.signature = signature
  }

  /**
   * A source announced a change (content or blog wrote): refresh shortly, once for a burst of
   * announcements, and once more after a refresh that was already running.
   */
  refreshSoon(delayMs = 200) {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    if (this.soon) return
    this.soon = setTimeout(() => {
      this.soon = undefined
      void this.refresh()
    }, delayMs)
    this.soon.unref()
  }

  /** Refreshes every refreshMs from now on (sooner while a source is missing). */
  start() {
    const schedule = () => {
      const delay = this.lastRefresh?.failed.length
        ? Math.min(5000, this.opts.refreshMs)
        : this.opts.refreshMs
      if (this.stopped) return
      this.timer = setTimeout(() => void this.refresh().then(schedule), delay)
      this.timer.unref()
    }
    schedule()
  }

  async stop() {
    this.stopped = true
    clearTimeout(this.timer)
    clearTimeout(this.soon)
    await this.running
  }

  get size() {
    return { items: this.items.size, passages: this.chunks.length }
  }

  /** The most relevant items for a question, best passage each, preferring the answer language. */
  find(query: string, lang: Locale, limit = 4): Hit[] {
    const results = this.search.search(query)
    if (!results.length) return []
    const top = results[0]!.score
    const best = new Map<string, Hit>()
    for (const r of results) {
      if (r.score < top * 0.3) break
      const chunk = this.chunks[r.id as number]!
      const item = this.items.get(chunk.key)
      if (!item) continue
      // Other languages still find the item, but the passage shown is the answer language's.
      const score = chunk.lang === lang || chunk.lang === 'any' ? r.score : r.score * 0.8
      const prior = best.get(item.key)
      if (prior && prior.score >= score) continue
      best.set(item.key, { item, score, passage: this.passageFor(item, chunk, lang, query) })
    }
    return [...best.values()].sort((a, b) => b.score - a.score).slice(0, limit)
  }

  get(key: string): KnowledgeItem | undefined {
    return this.items.get(key)
  }

  /** The site items whose link a text mentions (the model's answer), in the order mentioned. */
  cited(text: string, lang: Locale): KnowledgeItem[] {
    const links = [...text.matchAll(/(?:^|[\s(["'])(\/[^\s)\]"',;!?<>]*)/g)].map((m) =>
      m[1]!.replace(/[.:]+$/, ''),
    )
    const out: KnowledgeItem[] = []
    for (const link of links) {
      const item = [...this.items.values()].find((i) => itemUrl(i, lang) === link && !out.includes(i))
      if (item) out.push(item)
    }
    return out
  }

  /** The newest published blog posts (for "what is on your blog?"). */
  latestPosts(limit = 3): KnowledgeItem[] {
    return [...this.items.values()]
      .filter((i) => i.kind === 'post')
      .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
      .slice(0, limit)
  }

  private passageFor(item: KnowledgeItem, chunk: Chunk, lang: Locale, query: string): string {
    if (chunk.lang === lang || chunk.lang === 'any') return chunk.text
    const own = this.search.search(query, {
      filter: (r) =>
        this.chunks[r.id as number]?.key === item.key && this.chunks[r.id as number]?.lang === lang,
    })
    const hit = own[0]
      ? this.chunks[own[0].id as number]
      : (this.chunks.find((c) => c.key === item.key && c.lang === lang) ??
        this.chunks.find((c) => c.key === item.key && c.lang === 'nl'))
    return hit?.text ?? chunk.text
  }
}
