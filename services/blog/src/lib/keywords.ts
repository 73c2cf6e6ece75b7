import { createRequire } from 'node:module'

/**
 * Offline tags: the most frequent meaningful words of a text, without Dutch, English and German
 * stop words. Used when no LLM is configured or reachable.
 */
const require = createRequire(import.meta.url)
const iso = require('stopwords-iso') as Record<'nl' | 'en' | 'de', string[]>

/**
 * The maintained lists (stopwords-iso: about 400 Dutch, 1,300 English and 600 German words) plus
 * the words they miss that still read as filler in a tag ("graag", "punt", "daarnaast"), and
 * web leftovers (http, www).
 */
/** Subjects this site writes about that the English list counts as stop words. */
const SUBJECTS = new Set('ai web computer website system research test results value information'.split(' '))

const STOP = new Set([
  ...[...iso.nl, ...iso.en, ...iso.de].filter((w) => !SUBJECTS.has(w)),
  ...// English
  (
    'also however therefore thus yet still really via well way even every within without one two new use used using get make many much may might must need http https www html com org net ' +
    // Dutch
    'graag punt daarnaast echter hierbij daarna zodat steeds vaak heel hele gaan gaat ging komen komt kwam maken maakt goed eerst soms nooit zelfs alleen samen daarom sinds tussen binnen buiten tijdens volgens terwijl wanneer anders paar weer echt gewoon eigenlijk even nieuwe nieuw eerste tweede derde laatste manier aantal keer zit zitten staat staan krijgt krijgen laten laat ziet zien kijk kijken willen wilt kunt zullen helpt helpen mogelijk belangrijk vooral ' +
    // German
    'gerne punkt dabei daneben erste zweite neue neuen neu wirklich einfach eigentlich mal'
  ).split(/\s+/),
])

/** In a text of this many words or more, a tag must occur at least twice: a word said once is no subject. */
const LONG_TEXT_WORDS = 150
const MIN_COUNT_IN_LONG_TEXT = 2

/**
 * Up to `max` tags: the most frequent words of four or more letters (in a long text only those said
 * at least twice). A short text whose content words are all shorter (AI, app, web, SEO) gets those
 * instead, so a short text with content words never ends without tags.
 */
export function extractKeywords(text: string, max = 5): string[] {
  const all = (text.toLowerCase().match(/[\p{L}][\p{L}\p{N}-]*/gu) ?? []).map((raw) => raw.replace(/-+$/, ''))
  const words = all.filter((w) => !STOP.has(w))
  const minCount = all.length >= LONG_TEXT_WORDS ? MIN_COUNT_IN_LONG_TEXT : 1
  const long = words.filter((w) => w.length >= 4)
  return mostFrequent(long.length ? long : words.filter((w) => w.length >= 2), max, minCount)
}

function mostFrequent(words: string[], max: number, minCount: number): string[] {
  const counts = new Map<string, number>()
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1)
  return [...counts.entries()]
    .filter(([, n]) => n >= minCount)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([w]) => w)
}

/** nl or en by stop word counts, for uploads that do not name their language. */
export function detectLanguage(text: string): 'nl' | 'en' {
  const nl = new Set([
    'de',
    'het',
    'een',
    'en',
    'van',
    'ik',
    'je',
    'dat',
    'die',
    'niet',
    'is',
    'op',
    'te',
    'zijn',
    'voor',
    'met',
    'wij',
    'ook',
    'wordt',
    'naar',
  ])
  const en = new Set([
    'the',
    'a',
    'and',
    'of',
    'to',
    'is',
    'in',
    'that',
    'it',
    'for',
    'with',
    'on',
    'are',
    'this',
    'be',
    'as',
    'you',
    'we',
    'by',
    'from',
  ])
  let n = 0
  let e = 0
  for (const w of text
    .toLowerCase()
    .match(/\p{L}+/gu)
    ?.slice(0, 5000) ?? []) {
    if (nl.has(w)) n++
    if (en.has(w)) e++
  }
  return e > n ? 'en' : 'nl'
}
