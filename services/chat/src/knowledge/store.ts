// The search index on disk (SQLite through node:sqlite, a file of the process's own): items,
// their passages, an FTS5 index of the passages' terms and each term's document frequencies. The
// chat's memory stays the same at 10 and at 10,000 posts; what a question costs is read from disk.
import { rmSync } from 'node:fs'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import type { Locale } from '@site/contracts'
import { passages } from './text.js'
import { editDistance, fieldTerms, type FieldTerms } from './terms.js'
import { RANKED, SCHEMA } from './store-sql.js'
import { itemUrl, localized, type KnowledgeItem } from './types.js'

const LANGS = ['nl', 'en', 'de'] as const

/** A word of the index and how many passages hold it in each field. */
export interface Word {
  term: string
  df0: number
  df1: number
  df2: number
}

export interface Passage {
  id: number
  key: string
  lang: Locale | 'any'
  title: string
  text: string
  tags: string
  /** The fields' lengths (distinct raw tokens): title, text, tags. */
  len0: number
  len1: number
  len2: number
}

/** A passage's fields as the index counts them. */
export const passageTerms = (p: Pick<Passage, 'title' | 'text' | 'tags'>): FieldTerms[] =>
  [p.title, p.text, p.tags].map(fieldTerms)

/** The terms of a field as FTS5 indexes them: each occurrence, so its own ranking counts them too. */
const indexed = (f: FieldTerms) => {
  let out = ''
  for (const [term, n] of f.freq) out += `${term} `.repeat(n)
  return out
}

type NewPassage = Pick<Passage, 'key' | 'lang' | 'title' | 'text' | 'tags'>

function passagesOf(item: KnowledgeItem): NewPassage[] {
  const out: NewPassage[] = []
  for (const lang of [...LANGS, 'any'] as const) {
    const text = item.text[lang]
    if (!text) continue
    const title = lang === 'any' ? localized(item.title, 'nl') : localized(item.title, lang)
    for (const p of passages(text))
      out.push({ key: item.key, lang, title, text: p, tags: (item.tags ?? []).join(' ') })
  }
  return out
}

export class SearchStore {
  private readonly db: DatabaseSync
  private readonly q: Record<string, StatementSync>
  /** Frequency and length changes of the open batch, written once at its end (a page of posts shares most words). */
  private df = new Map<string, [number, number, number]>()
  private change = { docs: 0, lengths: [0, 0, 0] as [number, number, number] }

  constructor(readonly file: string) {
    this.db = new DatabaseSync(file)
    this.db.exec(SCHEMA)
    this.db.function('near', { deterministic: true }, (a, b, max) =>
      editDistance(String(a), String(b), Number(max)) <= Number(max) ? 1 : 0,
    )
    const p = (sql: string) => this.db.prepare(sql)
    this.q = {
      item: p('SELECT key, source, ref, digest, meta FROM items WHERE key = ?'),
      byRef: p('SELECT key FROM items WHERE source = ? AND ref = ?'),
      stale: p('SELECT key FROM items WHERE source = ? AND mark < ?'),
      mark: p('UPDATE items SET mark = ? WHERE key = ?'),
      addItem: p('INSERT INTO items VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      delItem: p('DELETE FROM items WHERE key = ?'),
      addLink: p('INSERT INTO links VALUES (?, ?, ?, ?)'),
      delLinks: p('DELETE FROM links WHERE key = ?'),
      linked: p('SELECT key FROM links WHERE url = ? AND lang = ? ORDER BY rank, rowid'),
      latest: p('SELECT key FROM items WHERE kind = ? ORDER BY date DESC LIMIT ?'),
      addPassage: p(
        'INSERT INTO passages (key, lang, title, text, tags, len0, len1, len2) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      passagesOf: p('SELECT * FROM passages WHERE key = ? ORDER BY id'),
      firstOf: p('SELECT * FROM passages WHERE key = ? AND lang = ? ORDER BY id LIMIT 1'),
      delPassages: p('DELETE FROM passages WHERE key = ?'),
      addTerms: p('INSERT INTO terms (rowid, title, text, tags) VALUES (?, ?, ?, ?)'),
      delTerms: p('DELETE FROM terms WHERE rowid = ?'),
      vocab: p(`INSERT INTO vocab VALUES (?, ?, ?, ?, ?) ON CONFLICT (term) DO UPDATE SET
        df0 = df0 + excluded.df0, df1 = df1 + excluded.df1, df2 = df2 + excluded.df2`),
      unused: p('DELETE FROM vocab WHERE term = ? AND df0 + df1 + df2 <= 0'),
      totals: p('UPDATE totals SET docs = docs + ?, len0 = len0 + ?, len1 = len1 + ?, len2 = len2 + ?'),
      counts: p('SELECT (SELECT count(*) FROM items) AS items, docs, len0, len1, len2 FROM totals'),
      exact: p('SELECT term, df0, df1, df2 FROM vocab WHERE term = ?'),
      prefixed: p('SELECT term, df0, df1, df2 FROM vocab WHERE term > ? AND term < ?'),
      fuzzy: p('SELECT term, df0, df1, df2 FROM vocab WHERE len BETWEEN ? AND ? AND near(term, ?, ?)'),
      ranked: p(RANKED),
      matching: p(`SELECT p.* FROM terms JOIN passages p ON p.id = terms.rowid
        WHERE terms MATCH ? ORDER BY rank LIMIT ?`),
      ofLang: p('SELECT * FROM passages WHERE key = ? AND lang = ? ORDER BY id'),
    }
  }

  /** Runs `fn` in one transaction (a page of posts is one write to the file). */
  batch<T>(fn: () => T): T {
    this.db.exec('BEGIN')
    try {
      const out = fn()
      this.writeCounts()
      this.db.exec('COMMIT')
      return out
    } catch (err) {
      this.df.clear()
      this.change = { docs: 0, lengths: [0, 0, 0] }
      this.db.exec('ROLLBACK')
      throw err
    }
  }

  /**
   * Keeps `item` as `source`'s record `ref` (a post's id), seen in pass `mark`: unchanged (same
   * digest) it is only marked; otherwise the record's previous item (under any key: a post's slug
   * may have changed) is replaced. `rank` orders items that share a link (the source's place).
   */
  put(source: string, ref: string, rank: number, item: KnowledgeItem, digest: string, mark: number): boolean {
    const old = this.q.item!.get(item.key) as { source: string; ref: string; digest: string } | undefined
    if (old && old.digest === digest && old.source === source && old.ref === ref) {
      this.q.mark!.run(mark, item.key)
      return false
    }
    this.removeRef(source, ref)
    if (old) this.removeKey(item.key)
    const { text: _text, ...meta } = item
    this.q.addItem!.run(
      item.key,
      source,
      ref,
      rank,
      digest,
      item.kind,
      item.date ?? null,
      JSON.stringify(meta),
      mark,
    )
    for (const lang of LANGS) {
      const url = itemUrl(item, lang)
      if (url) this.q.addLink!.run(url, lang, item.key, rank)
    }
    const added = passagesOf(item)
    const fields = added.map((p) => {
      const terms = passageTerms(p)
      const lengths = terms.map((f) => f.length)
      const id = Number(
        this.q.addPassage!.run(p.key, p.lang, p.title, p.text, p.tags, ...lengths).lastInsertRowid,
      )
      this.q.addTerms!.run(id, ...terms.map(indexed))
      return terms
    })
    this.count(fields, 1)
    return true
  }

  removeRef(source: string, ref: string) {
    for (const { key } of this.q.byRef!.all(source, ref) as { key: string }[]) this.removeKey(key)
  }

  /** Removes `source`'s items not seen in pass `mark` (gone from the site since the last read). */
  sweep(source: string, mark: number): number {
    const stale = this.q.stale!.all(source, mark) as { key: string }[]
    for (const { key } of stale) this.removeKey(key)
    return stale.length
  }

  private removeKey(key: string) {
    const gone = this.q.passagesOf!.all(key) as unknown as Passage[]
    for (const p of gone) this.q.delTerms!.run(p.id)
    this.count(gone.map(passageTerms), -1)
    this.q.delPassages!.run(key)
    this.q.delLinks!.run(key)
    this.q.delItem!.run(key)
  }

  /** Adds (sign 1) or takes away (-1) passages' terms from the frequencies and lengths ranking reads. */
  private count(passages: FieldTerms[][], sign: 1 | -1) {
    for (const fields of passages) {
      this.change.docs += sign
      fields.forEach((f, i) => {
        const field = i as 0 | 1 | 2
        this.change.lengths[field] += sign * f.length
        for (const term of f.freq.keys()) {
          let row = this.df.get(term)
          if (!row) this.df.set(term, (row = [0, 0, 0]))
          row[field] += sign
        }
      })
    }
  }

  private writeCounts() {
    for (const [term, d] of this.df) {
      if (!d[0] && !d[1] && !d[2]) continue
      this.q.vocab!.run(term, term.length, ...d)
      if (d[0] < 0 || d[1] < 0 || d[2] < 0) this.q.unused!.run(term)
    }
    const { docs, lengths } = this.change
    if (docs || lengths.some(Boolean)) this.q.totals!.run(docs, ...lengths)
    this.df.clear()
    this.change = { docs: 0, lengths: [0, 0, 0] }
  }

  get(key: string): KnowledgeItem | undefined {
    const row = this.q.item!.get(key) as { meta: string } | undefined
    if (!row) return undefined
    const item = JSON.parse(row.meta) as KnowledgeItem
    item.text = {}
    for (const p of this.q.passagesOf!.all(key) as unknown as Passage[])
      item.text[p.lang] = item.text[p.lang] ? `${item.text[p.lang]}\n${p.text}` : p.text
    return item
  }

  /** The items a link leads to in `lang`, the site's own sections first. */
  linked(url: string, lang: Locale): string[] {
    return (this.q.linked!.all(url, lang) as { key: string }[]).map((r) => r.key)
  }

  latest(kind: string, limit: number): KnowledgeItem[] {
    return (this.q.latest!.all(kind, limit) as { key: string }[]).flatMap((r) => this.get(r.key) ?? [])
  }

  firstPassage(key: string, lang: string): Passage | undefined {
    return this.q.firstOf!.get(key, lang) as Passage | undefined
  }

  stats() {
    const r = this.q.counts!.get() as {
      items: number
      docs: number
      len0: number
      len1: number
      len2: number
    }
    return {
      items: r.items,
      passages: r.docs,
      avgLength: [r.len0, r.len1, r.len2].map((l) => l / (r.docs || 1)),
    }
  }

  /**
   * Words of the index as a question's term finds them, with their document frequencies per field:
   * the term itself, the words it begins, the words a typo away (at most `fuzzy` edits).
   */
  words(term: string, prefix: boolean, fuzzy: number): { exact?: Word; prefixed: Word[]; near: Word[] } {
    const exact = this.q.exact!.get(term) as Word | undefined
    const prefixed = prefix ? (this.q.prefixed!.all(term, `${term}\u{10FFFF}`) as unknown as Word[]) : []
    const near = fuzzy
      ? (this.q.fuzzy!.all(term.length - fuzzy, term.length + fuzzy, term, fuzzy) as unknown as Word[])
      : []
    return { exact, prefixed, near }
  }

  /** Passages by their BM25+ over `wanted` rows (search.ts), best first, summed by SQLite. */
  ranked(wanted: unknown[][], limit: number): (Passage & { score: number })[] {
    return this.q.ranked!.all(JSON.stringify(wanted), limit) as unknown as (Passage & { score: number })[]
  }

  /** The passages FTS5's own BM25 ranks best for an FTS5 query (`"word" OR ...`). */
  matching(match: string, limit: number): Passage[] {
    return this.q.matching!.all(match, limit) as unknown as Passage[]
  }

  /** One item's passages in one language. */
  ofLang(key: string, lang: string): Passage[] {
    return this.q.ofLang!.all(key, lang) as unknown as Passage[]
  }

  close() {
    if (this.db.isOpen) this.db.close()
    rmSync(this.file, { force: true })
  }
}
