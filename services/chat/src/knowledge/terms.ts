// How the search index reads text and ranks passages: MiniSearch 7's defaults with the chat's
// options (BM25+ with k 1.2, b 0.7, d 0.5 (store.ts), title 2 / tags 1.5, prefix from 4 letters,
// fuzzy 0.15 from 6), written out so the postings can live on disk (store.ts) while the ranking
// stays what it was in memory. The test `search.test.ts` holds the two to the same results.
import { normalizeTerm } from './text.js'

/** MiniSearch's default tokenizer: splits at whitespace and punctuation. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u

export const FIELDS = ['title', 'text', 'tags'] as const
export const BOOSTS = [2, 1, 1.5] as const
const PREFIX_WEIGHT = 0.375
const FUZZY_WEIGHT = 0.45

/** One field of a passage as the index counts it. */
export interface FieldTerms {
  /** Distinct raw tokens (MiniSearch's field length). */
  length: number
  /** Each normalized term and how often it occurs. */
  freq: Map<string, number>
}

// Words repeat across passages: their normalized form is memoized (bounded: cleared when full).
const normalized = new Map<string, string | null>()
function normalize(token: string): string | null {
  let n = normalized.get(token)
  if (n === undefined) {
    if (normalized.size >= 50_000) normalized.clear()
    n = normalizeTerm(token)
    normalized.set(token, n)
  }
  return n
}

export function fieldTerms(value: string): FieldTerms {
  const tokens = value.split(SPACE_OR_PUNCTUATION)
  const freq = new Map<string, number>()
  for (const token of tokens) {
    const term = normalize(token)
    if (term) freq.set(term, (freq.get(term) ?? 0) + 1)
  }
  return { length: new Set(tokens).size, freq }
}

/** The terms of a question, in order, repeats kept (each counts, as in MiniSearch). */
export const queryTerms = (query: string): string[] =>
  query
    .split(SPACE_OR_PUNCTUATION)
    .map(normalize)
    .filter((t): t is string => !!t)

export const usesPrefix = (term: string) => term.length >= 4
/** The edit distance a term tolerates (0: none). */
export const fuzzyDistance = (term: string) =>
  term.length >= 6 ? Math.min(6, Math.round(term.length * 0.15)) : 0

// Rows of the edit distance table, reused: the fuzzy scan measures thousands of words per question.
let prevRow = new Int32Array(64)
let row = new Int32Array(64)
const letters = new Map<string, number>()

/** Levenshtein distance of `a` and `b`, or `max + 1` as soon as it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  // The letters one word has more of than the other: each needs an edit (a cheap lower bound).
  letters.clear()
  for (const c of a) letters.set(c, (letters.get(c) ?? 0) + 1)
  for (const c of b) letters.set(c, (letters.get(c) ?? 0) - 1)
  let more = 0
  let fewer = 0
  for (const n of letters.values())
    if (n > 0) more += n
    else fewer -= n
  if (Math.max(more, fewer) > max) return max + 1
  if (b.length + 1 > row.length) {
    prevRow = new Int32Array(b.length * 2)
    row = new Int32Array(b.length * 2)
  }
  for (let j = 0; j <= b.length; j++) prevRow[j] = j
  for (let i = 1; i <= a.length; i++) {
    row[0] = i
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      const v = Math.min(prevRow[j]! + 1, row[j - 1]! + 1, prevRow[j - 1]! + cost)
      row[j] = v
      if (v < best) best = v
    }
    if (best > max) return max + 1
    const swap = prevRow
    prevRow = row
    row = swap
  }
  return prevRow[b.length]!
}

/**
 * How much a term found in a passage counts for a question's term: 1 for the term itself, less
 * for a longer word it begins (prefix) or a word a typo away (fuzzy), as MiniSearch weighs them;
 * 0 when it does not match.
 */
export function matchWeight(queryTerm: string, found: string): number {
  if (found === queryTerm) return 1
  if (usesPrefix(queryTerm) && found.startsWith(queryTerm)) {
    const distance = found.length - queryTerm.length
    return (PREFIX_WEIGHT * found.length) / (found.length + 0.3 * distance)
  }
  const max = fuzzyDistance(queryTerm)
  if (!max) return 0
  const distance = editDistance(queryTerm, found, max)
  return distance <= max ? (FUZZY_WEIGHT * found.length) / (found.length + distance) : 0
}

/** BM25's inverse document frequency (as MiniSearch takes it: never below zero). */
export const idf = (df: number, docs: number) => Math.log(1 + (docs - df + 0.5) / (df + 0.5))
