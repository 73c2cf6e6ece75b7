import { passageTerms, type Passage, type SearchStore, type Word } from './store.js'
import { BOOSTS, FIELDS, fuzzyDistance, idf, matchWeight, queryTerms, usesPrefix } from './terms.js'

/** More than `find` ever looks at: it stops below 30 % of the best score. */
const LIMIT = 200
/**
 * Up to this many passage fields holding the question's words, SQLite sums their occurrences for
 * every passage (exact, ~0.1 s at this size). Past it (words in most passages), FTS5's own BM25
 * picks the candidates, which are then scored here: a bounded cost at 10,000 posts.
 */
const EXACT_UP_TO = 20_000
const CANDIDATES = 1000

export interface Ranked {
  passage: Passage
  score: number
}

/** A word of the index wanted in one field for one of the question's terms. */
type Wanted = [word: string, field: string, term: string, factor: number, avgLength: number]

/**
 * The passages matching a question, best first, scored as MiniSearch scored them in memory:
 * BM25+ per field of each word the question's terms find (the term, the words it begins, the words
 * a typo away, weighed down as MiniSearch weighs them), summed, times the number of the question's
 * terms found. `only`: the passages of one item in one language. `exactUpTo`: tests choose the way.
 */
export function rank(
  store: SearchStore,
  query: string,
  only?: { key: string; lang: string },
  exactUpTo = EXACT_UP_TO,
): Ranked[] {
  const { wanted, postings } = wantedWords(store, query)
  if (!wanted.length) return []
  if (only) return scored(store.ofLang(only.key, only.lang), wanted)
  if (postings <= exactUpTo)
    return store.ranked(wanted, LIMIT).map(({ score, ...passage }) => ({ passage, score }))
  const words = [...new Set(wanted.map((w) => w[0]))].map((w) => `"${w.replaceAll('"', '""')}"`)
  return scored(store.matching(words.join(' OR '), CANDIDATES), wanted).slice(0, LIMIT)
}

function wantedWords(store: SearchStore, query: string): { wanted: Wanted[]; postings: number } {
  const terms = queryTerms(query)
  const { passages: docs, avgLength } = store.stats()
  const wanted = new Map<string, Wanted>()
  const seen = new Map<string, Word[]>()
  let postings = 0
  for (const term of terms) {
    let words = seen.get(term)
    if (!words) {
      const found = store.words(term, usesPrefix(term), fuzzyDistance(term))
      words = [...(found.exact ? [found.exact] : []), ...found.prefixed, ...found.near]
      words = [...new Map(words.map((w) => [w.term, w])).values()]
      seen.set(term, words)
    }
    for (const word of words) {
      const weight = matchWeight(term, word.term)
      if (!weight) continue
      FIELDS.forEach((field, f) => {
        const df = [word.df0, word.df1, word.df2][f]!
        if (!df) return
        postings += df
        const id = `${word.term}\u0000${f}\u0000${term}`
        const factor = weight * BOOSTS[f]! * idf(df, docs)
        // A repeated term counts again, as it did in MiniSearch.
        const prior = wanted.get(id)
        if (prior) prior[3] += factor
        else wanted.set(id, [word.term, field, term, factor, avgLength[f]!])
      })
    }
  }
  return { wanted: [...wanted.values()], postings }
}

/** The same BM25+ as store.ts's query, for passages at hand. */
function scored(passages: Passage[], wanted: Wanted[]): Ranked[] {
  const out: Ranked[] = []
  for (const passage of passages) {
    const fields = passageTerms(passage)
    const lengths = [passage.len0, passage.len1, passage.len2]
    let score = 0
    const matched = new Set<string>()
    for (const [word, field, term, factor, avg] of wanted) {
      const f = FIELDS.indexOf(field as (typeof FIELDS)[number])
      const tf = fields[f]!.freq.get(word)
      if (!tf) continue
      score += factor * (0.5 + (tf * 2.2) / (tf + 1.2 * (0.3 + (0.7 * lengths[f]!) / avg)))
      matched.add(term)
    }
    if (score > 0) out.push({ passage, score: score * matched.size })
  }
  return out.sort((a, b) => b.score - a.score || a.passage.id - b.passage.id)
}
