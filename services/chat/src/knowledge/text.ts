/** Text helpers for indexing: passages, and the terms the search compares (HTML to text: @site/contracts/text). */

import { packChunks } from '@site/service-kit'

/** Splits text into passages of about `size` characters at paragraph, then sentence boundaries. */
export function passages(text: string, size = 700): string[] {
  const pieces = text
    .split(/\n+/)
    .flatMap((p) => (p.length > size ? (p.match(/[^.!?]+[.!?]*\s*/g) ?? [p]) : [p]))
  return packChunks(pieces.map((p) => p.trim()).filter(Boolean), size)
}

/** Words that carry no meaning for search, in the three site languages. */
const STOPWORDS = new Set(
  `de het een en van in op te dat die is zijn was voor met aan er niet om ook als dan bij of maar naar door over uit
  wat wie hoe waar wanneer welke kan kunt wil wilt ik je jij u uw we wij ons onze mijn me mij hij zij ze hun deze dit
  zo nog wel al heb hebt heeft hebben ben bent wordt worden zou zal mag moet meer veel graag iets
  the a an and or of to in on at for with by from is are was were be been it its this that these those what who how
  where when which can could would should will do does did i you your we our us me my he she they them their about
  as if but not no so any some there here have has had just also please tell know want
  der die das ein eine und oder von zu im auf für mit bei aus ist sind war wie was wer wo wann welche kann können
  ich sie wir unser unsere mein mich ihr ihre es nicht auch noch bitte`.split(/\s+/),
)

/** Lowercase, accents removed, stopwords dropped, a light suffix stem shared by nl/en/de. */
export function normalizeTerm(term: string): string | null {
  const t = term
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
  if (t.length < 2 || STOPWORDS.has(t)) return null
  return stem(t)
}

function stem(t: string): string {
  if (t.length <= 4 || /\d/.test(t)) return t
  for (const suffix of ['ingen', 'ing', 'en', 'es', 'er', 'ed', 's', 'e', 'n']) {
    if (t.endsWith(suffix) && t.length - suffix.length >= 4) return t.slice(0, -suffix.length)
  }
  return t
}

/** The sentences of a passage that share the most terms with the question, up to `max` characters. */
export function snippet(text: string, query: string, max = 260): string {
  const terms = new Set(
    query
      .split(/[^\p{L}\p{N}]+/u)
      .map((w) => normalizeTerm(w))
      .filter((w): w is string => !!w),
  )
  const sentences = text
    .match(/[^.!?\n]+[.!?]*/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [text]
  const scored = sentences.map((s, i) => ({
    s,
    i,
    score: s.split(/[^\p{L}\p{N}]+/u).filter((w) => {
      const n = normalizeTerm(w)
      return n !== null && terms.has(n)
    }).length,
  }))
  const best = [...scored].sort((a, b) => b.score - a.score || a.i - b.i)
  const picked: typeof scored = []
  let length = 0
  for (const c of best) {
    if (picked.length && (c.score === 0 || length + c.s.length > max)) continue
    picked.push(c)
    length += c.s.length + 1
  }
  const joined = picked
    .sort((a, b) => a.i - b.i)
    .map((c) => c.s)
    .join(' ')
  return joined.length > max ? `${joined.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : joined
}
