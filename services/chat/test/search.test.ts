// @tier unit
// The index on disk ranks as the in-memory MiniSearch index did (the chat's answers stay as they
// were): the same passages in the same order with the same scores, for questions with whole
// words, words begun (prefix), typos (fuzzy), several languages, and words everywhere or nowhere.
import t from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import MiniSearch from 'minisearch'
import { SITE_FACTS } from '../src/knowledge/facts.js'
import { rank } from '../src/knowledge/search.js'
import { SearchStore } from '../src/knowledge/store.js'
import { normalizeTerm, passages } from '../src/knowledge/text.js'
import { localized, type KnowledgeItem } from '../src/knowledge/types.js'

const WORDS = {
  nl: 'automatisering automatiseren facturen factuur klantenservice chatbot dashboard webshop voorraad planning rapportage koppeling prototype werkwijze kwartelkoning fietsenmaker bakkerij boekhouding offerte'.split(
    ' ',
  ),
  en: 'automation automate invoices invoice customer service chatbot dashboard webshop inventory planning reporting integration prototype method corncrake bicycle bakery bookkeeping quote'.split(
    ' ',
  ),
}
function rng(seed: number) {
  let s = seed >>> 0 || 1
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32
}
const rand = rng(42)
const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!
const sentence = (lang: 'nl' | 'en') =>
  `${Array.from({ length: 8 + Math.floor(rand() * 10) }, () => pick(WORDS[lang])).join(' ')}.`
const posts: KnowledgeItem[] = Array.from({ length: 150 }, (_, i) => ({
  key: `post:p${i}`,
  kind: 'post',
  url: `/blog/p${i}`,
  title: { nl: `Over ${pick(WORDS.nl)} en ${pick(WORDS.nl)}`, en: `About ${pick(WORDS.en)}` },
  text: {
    nl: Array.from({ length: 1 + (i % 7) }, () =>
      Array.from({ length: 6 }, () => sentence('nl')).join(' '),
    ).join('\n'),
    en: Array.from({ length: 1 + (i % 3) }, () =>
      Array.from({ length: 5 }, () => sentence('en')).join(' '),
    ).join('\n'),
  },
  tags: [pick(WORDS.en), pick(WORDS.nl)],
  date: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
}))
const items = [...SITE_FACTS, ...posts]

// The chat's former index, as it was built (knowledge/index.ts before the index moved to disk).
interface Chunk {
  id: number
  key: string
  lang: string
  title: string
  text: string
  tags: string
}
const chunks: Chunk[] = []
for (const item of items)
  for (const lang of ['nl', 'en', 'de', 'any'] as const) {
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
const mini = new MiniSearch<Chunk>({
  fields: ['title', 'text', 'tags'],
  processTerm: normalizeTerm,
  searchOptions: {
    boost: { title: 2, tags: 1.5 },
    prefix: (term) => term.length >= 4,
    fuzzy: (term) => (term.length >= 6 ? 0.15 : false),
    combineWith: 'OR',
  },
})
mini.addAll(chunks)

const dir = mkdtempSync(join(tmpdir(), 'chat-search-'))
const store = new SearchStore(join(dir, 'index.sqlite'))
t.teardown(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})
store.batch(() => items.forEach((item, i) => store.put('test', item.key, i, item, String(i), 0)))

const QUESTIONS = [
  'Kunnen jullie mijn facturen automatisch verwerken?',
  'Do you have experience with a chatbot for customer service?',
  'automatisering',
  'autom', // a word begun
  'automatiserign', // a typo
  'invoces and dashbord', // typos in English
  'Wat is jullie werkwijze?',
  'Hoe werkt het gratis MVP?',
  'bakkerij boekhouding offerte planning',
  'kwartel',
  'Xylofoonzwemmen pinguïnvlucht?',
  'chatbot chatbot webshop', // a repeated word counts twice
  'Wat kost een app? Ik wil graag een offerte.',
]

for (const [way, exactUpTo] of [
  ['summed by SQLite', Infinity],
  ['candidates by FTS5, scored in the service', 0],
] as const)
  t.test(`${way}: the same passages, in the same order, with the same scores`, async (t) => {
    t.equal(store.stats().passages, chunks.length, 'as many passages')
    for (const question of QUESTIONS) {
      const expected = mini.search(question).slice(0, 20)
      const actual = rank(store, question, undefined, exactUpTo).slice(0, 20)
      t.same(
        actual.map((r) => r.passage.id - 1),
        expected.map((r) => r.id),
        `${question}: the same passages`,
      )
      const off = actual.findIndex(
        (r, i) => Math.abs(r.score - expected[i]!.score) > 1e-9 * expected[i]!.score,
      )
      t.equal(off, -1, `${question}: the same scores`)
    }
  })

t.test('one item in one language: as MiniSearch filtered', async (t) => {
  const question = 'facturen automatisering klantenservice'
  const key = 'post:p7'
  const expected = mini.search(question, {
    filter: (r) => chunks[r.id as number]!.key === key && chunks[r.id as number]!.lang === 'nl',
  })
  const actual = rank(store, question, { key, lang: 'nl' })
  t.ok(expected.length > 0, 'the item matches')
  t.same(
    actual.map((r) => r.passage.id - 1),
    expected.map((r) => r.id),
  )
})

t.test('an item replaced or removed leaves no trace in the ranking', async (t) => {
  const question = 'kwartelkoning fietsenmaker zeldzaamheid'
  const before = rank(store, question).map((r) => [r.passage.key, r.score])
  const extra: KnowledgeItem = {
    ...posts[0]!,
    key: 'post:extra',
    text: { nl: 'Een zeldzaamheid: de kwartelkoning bij de fietsenmaker.' },
  }
  store.batch(() => store.put('test', 'extra', 0, extra, 'x', 0))
  t.equal(rank(store, question)[0]?.passage.key, 'post:extra', 'found first once added')
  store.batch(() => store.removeRef('test', 'extra'))
  t.same(
    rank(store, question).map((r) => [r.passage.key, r.score]),
    before,
    'removed: the ranking is as before, frequencies and lengths included',
  )
})
