import { normalizeTerm } from '../knowledge/text.js'

const KEY_MAX = 200

/**
 * A question's grouping key: its meaningful words, normalized the way the search index compares
 * them (case, accents, stopwords and common suffixes of nl/en/de dropped), each once, sorted. So
 * "Do you sell garden furniture?" and "garden furniture, do you sell it" are one question. A
 * question of stopwords only keeps its lowercased words.
 */
export function questionKey(text: string): string {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const terms = [...new Set(words.map(stemmed).filter((w): w is string => !!w))].sort()
  const key = terms.length
    ? terms.join(' ')
    : words
        .join(' ')
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
  return key.slice(0, KEY_MAX)
}

/** The search's term, stemmed again until it stays (its light stemmer takes one suffix at a time: fietsen → fiets → fiet). */
function stemmed(word: string): string | null {
  let term = normalizeTerm(word)
  for (let i = 0; term && i < 3; i++) {
    const again = normalizeTerm(term)
    if (!again || again === term) break
    term = again
  }
  return term
}

/** The UTC day of a moment, YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10)

/** The Monday (UTC) of the week a YYYY-MM-DD day falls in. */
export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7))
  return utcDay(d)
}
