import { createHash } from 'node:crypto'
import type { ChangeRecord, Locale } from '@site/contracts'
import type { Log } from '@site/service-kit'
import { SITE_FACTS } from './facts.js'
import { newIndexFile } from './index-file.js'
import { allPosts, postsById, PAGE_SIZE, type Row } from './reads.js'
import { rank } from './search.js'
import {
  postItem,
  readSource,
  SOURCE_NAMES,
  type DetailMemo,
  type SmallSource,
  type SourceName,
  type SourceOptions,
} from './sources.js'
import { SearchStore, type Passage } from './store.js'
import type { KnowledgeItem } from './types.js'

export interface Hit {
  item: KnowledgeItem
  /** The best matching passage of the item, in the answer language when the item has it. */
  passage: string
  score: number
}

/** Where each source's items stand when several share a link (`cited`): the site's own sections first. */
const RANK: Record<SourceName | 'facts', number> = {
  facts: 0,
  content: 1,
  features: 2,
  projects: 3,
  pages: 4,
  posts: 5,
}
/** The change records' kinds whose source is read again whole (posts are read by id). */
const SOURCE_OF_KIND: Partial<Record<ChangeRecord['kind'], SmallSource>> = {
  content: 'content',
  feature: 'features',
  project: 'projects',
  page: 'pages',
}
/** Actions that change nothing a visitor reads. */
const UNSEEN = new Set(['preview', 'preview-revoke', 'baseline'])
const RETRY_MS = 5000

const digest = (item: KnowledgeItem) => createHash('sha256').update(JSON.stringify(item)).digest('base64')
const nextTurn = () => new Promise((r) => setImmediate(r))

export interface IndexOptions extends SourceOptions {
  /** Where the index file lives (CHAT_INDEX_DIR). */
  dir: string
  log?: Log
}

/**
 * The site's published content as a BM25 index on disk (store.ts, ranked by search.ts). Read whole
 * at start (`refresh`); after that only what the change feed names is read again (`changed`): a
 * post by its id, a small source whole. Nothing is read while nothing changes. A source that does
 * not answer keeps its last items and is asked again every few seconds until it answers.
 */
export class KnowledgeIndex {
  private readonly store: SearchStore
  private readonly release: () => void
  private readonly pageMemo: DetailMemo = new Map()
  /** Sources to read whole, and posts to read by id, that are not read yet. */
  private readonly dirty = new Set<SourceName>()
  private readonly pendingPosts = new Set<string>()
  private readonly failing = new Set<SourceName>()
  private pass = 0
  private queue: Promise<void> = Promise.resolve()
  private retry: NodeJS.Timeout | undefined
  private stopped = false
  lastRefresh: { at: Date; failed: SourceName[] } | undefined

  constructor(private readonly opts: IndexOptions) {
    const { file, release } = newIndexFile(opts.dir)
    this.store = new SearchStore(file)
    this.release = release
    this.store.batch(() => {
      for (const fact of SITE_FACTS) this.store.put('facts', fact.key, RANK.facts, fact, digest(fact), 0)
    })
  }

  /** Reads every source whole: at start, and when the change feed lost its place. Never throws. */
  refresh(): Promise<void> {
    this.pendingPosts.clear()
    for (const name of SOURCE_NAMES) this.dirty.add(name)
    return this.flush()
  }

  /** Change records (the change feed): what they name is read again. Never throws. */
  changed(records: ChangeRecord[]): Promise<void> {
    let relevant = 0
    for (const r of records) {
      if (UNSEEN.has(r.action)) continue
      const source = SOURCE_OF_KIND[r.kind]
      if (source) this.dirty.add(source)
      else if (r.kind === 'post' && r.target.id) this.pendingPosts.add(r.target.id)
      else continue
      relevant++
    }
    return relevant ? this.flush() : Promise.resolve()
  }

  /** One update at a time, in order. */
  private flush(): Promise<void> {
    this.queue = this.queue.then(() => this.update())
    return this.queue
  }

  private async update() {
    if (this.stopped) return
    clearTimeout(this.retry)
    const sources = [...this.dirty]
    this.dirty.clear()
    await Promise.all(sources.map((name) => this.attempt(name, () => this.readWhole(name))))
    const ids = this.dirty.has('posts') ? [] : [...this.pendingPosts]
    this.pendingPosts.clear()
    if (ids.length)
      await this.attempt(
        'posts',
        () => this.readPosts(ids),
        () => ids.forEach((id) => this.pendingPosts.add(id)),
      )
    this.lastRefresh = { at: new Date(), failed: [...this.failing].sort() }
    if ((this.dirty.size || this.pendingPosts.size) && !this.stopped) {
      this.retry = setTimeout(() => void this.flush(), RETRY_MS)
      this.retry.unref()
    }
  }

  private async attempt(
    name: SourceName,
    read: () => Promise<void>,
    again: () => void = () => this.dirty.add(name),
  ) {
    try {
      await read()
      this.failing.delete(name)
    } catch (err) {
      again()
      this.failing.add(name)
      this.opts.log?.warn(
        { err: (err as Error).message, source: name },
        'chat: content source unavailable, keeping the last copy',
      )
    }
  }

  private async readWhole(name: SourceName) {
    if (name !== 'posts') {
      const items = await readSource(name, this.opts, this.pageMemo)
      const mark = ++this.pass
      this.store.batch(() => {
        for (const item of items) this.store.put(name, item.key, RANK[name], item, digest(item), mark)
        this.store.sweep(name, mark)
      })
      return
    }
    // A page at a time: at 10,000 posts the whole set would be 160 MB in memory.
    const mark = ++this.pass
    for await (const rows of allPosts(this.opts)) {
      if (this.stopped) return
      this.store.batch(() => rows.forEach((row) => this.putPost(row, mark)))
      await nextTurn()
    }
    this.store.batch(() => this.store.sweep('posts', mark))
  }

  private async readPosts(ids: string[]) {
    for (let i = 0; i < ids.length; i += PAGE_SIZE) {
      const group = ids.slice(i, i + PAGE_SIZE)
      const rows = new Map((await postsById(this.opts, group)).map((r) => [String(r.id), r]))
      this.store.batch(() => {
        for (const id of group) {
          const row = rows.get(id)
          if (!row || !this.putPost(row, this.pass)) this.store.removeRef('posts', id)
        }
      })
    }
  }

  private putPost(row: Row, mark: number): boolean {
    const item = postItem(row)
    if (!item) return false
    this.store.put('posts', String(row.id ?? row.slug), RANK.posts, item, digest(item), mark)
    return true
  }

  async stop() {
    this.stopped = true
    clearTimeout(this.retry)
    await this.queue
    this.store.close()
    this.release()
  }

  get size() {
    const { items, passages } = this.store.stats()
    return { items, passages }
  }

  /** The most relevant items for a question, best passage each, preferring the answer language. */
  find(query: string, lang: Locale, limit = 4): Hit[] {
    const results = rank(this.store, query)
    if (!results.length) return []
    const top = results[0]!.score
    const best = new Map<string, { passage: Passage; score: number }>()
    for (const { passage, score: raw } of results) {
      if (raw < top * 0.3) break
      // Other languages still find the item, but the passage shown is the answer language's.
      const score = passage.lang === lang || passage.lang === 'any' ? raw : raw * 0.8
      const prior = best.get(passage.key)
      if (!prior || prior.score < score) best.set(passage.key, { passage, score })
    }
    return [...best.values()]
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .flatMap(({ passage, score }) => {
        const item = this.store.get(passage.key)
        return item ? [{ item, score, passage: this.passageFor(passage, lang, query) }] : []
      })
  }

  get(key: string): KnowledgeItem | undefined {
    return this.store.get(key)
  }

  /** The site items whose link a text mentions (the model's answer), in the order mentioned. */
  cited(text: string, lang: Locale): KnowledgeItem[] {
    const links = [...text.matchAll(/(?:^|[\s(["'])(\/[^\s)\]"',;!?<>]*)/g)].map((m) =>
      m[1]!.replace(/[.:]+$/, ''),
    )
    const keys: string[] = []
    for (const link of links) {
      const key = this.store.linked(link, lang).find((k) => !keys.includes(k))
      if (key) keys.push(key)
    }
    return keys.flatMap((k) => this.store.get(k) ?? [])
  }

  /** The newest published blog posts (for "what is on your blog?"). */
  latestPosts(limit = 3): KnowledgeItem[] {
    return this.store.latest('post', limit)
  }

  private passageFor(passage: Passage, lang: Locale, query: string): string {
    if (passage.lang === lang || passage.lang === 'any') return passage.text
    const { key } = passage
    const own = rank(this.store, query, { key, lang })[0]?.passage
    const hit = own ?? this.store.firstPassage(key, lang) ?? this.store.firstPassage(key, 'nl')
    return hit?.text ?? passage.text
  }
}
