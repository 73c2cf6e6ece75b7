// @tier unit
// The per-language translation model every kind of document shares (issue 47, docs/editorial.md
// "Translations"): staleness comes from the kind's own translatable fields only, a person's edit
// makes a language current, the source is never taken down alone, visitors get no text of a
// language that is not live, and the board counts every row whatever the filter and page.
import t from 'tap'
import type { TranslationBoardRow } from '@site/contracts'
import {
  languageSwitchSet,
  liveLanguages,
  reviewSet,
  translationBoardPage,
  translationModel,
  withLiveLanguagesOnly,
  withTranslationSet,
  type TranslatedDoc,
} from '../src/index.js'

const model = translationModel(['title', 'content'] as const)
const page = (): TranslatedDoc => {
  const doc: TranslatedDoc = {
    published: true,
    title_nl: 'Over ons',
    content_nl: '<p>Hallo</p>',
    title_en: 'About',
    content_en: '<p>Hello</p>',
    title_de: 'Über uns',
    content_de: '<p>Hallo</p>',
    tagline_nl: 'not translatable here',
  }
  doc.translations = model.initialTranslations(doc)
  doc.source_revs = model.revsOf(doc)
  return doc
}

t.test('stale from the given fields only; a person’s edit makes the language current', async (t) => {
  const doc = page()
  t.match(model.translationsView(doc), {
    nl: { origin: 'human', source_lang: null, state: 'published' },
    de: { origin: 'human', source_lang: 'nl', stale: false, state: 'published' },
  })
  const other = { ...doc, tagline_nl: 'changed', source_revs: model.revsOf({ ...doc, tagline_nl: 'x' }) }
  t.equal(model.translationView(other, 'de').stale, false, 'a field outside the set does not count')
  const edited = { ...doc, content_nl: '<p>Nieuw</p>' }
  const marks = model.humanEditMarks(doc, edited, ['content_nl'])
  const after = {
    ...edited,
    translations: withTranslationSet(doc.translations, marks),
    source_revs: model.revsOf(edited),
  }
  t.match(model.translationView(after, 'de'), { stale: true, state: 'stale' })
  t.equal(model.translationView(after, 'nl').stale, false, 'the source is never stale')
  const de = { ...after, title_de: 'Über uns!' }
  const mine = model.humanEditMarks(after, de, ['title_de'])
  const current = {
    ...de,
    translations: withTranslationSet(after.translations, mine),
    source_revs: model.revsOf(de),
  }
  t.match(model.translationView(current, 'de'), { stale: false, origin: 'human' })
  t.equal(model.translationView(current, 'en').stale, true, 'the English still waits')
})

t.test('switches and reviews: the source only with the document; no text, nothing to publish', async (t) => {
  const doc = page()
  t.throws(() => languageSwitchSet(doc, 'nl', false, 'page'), { statusCode: 409, code: 'SOURCE_LANGUAGE' })
  t.equal(languageSwitchSet(doc, 'nl', true, 'page'), null, 'the source is on already')
  const off = withTranslationSet(doc.translations, languageSwitchSet(doc, 'de', false, 'page')!)
  t.same(liveLanguages({ ...doc, translations: off }), ['nl', 'en'])
  const bare = { ...doc, title_de: null }
  t.throws(() => languageSwitchSet(bare, 'de', true, 'page'), { statusCode: 409, code: 'NO_TEXT' })
  t.throws(() => reviewSet(model, bare, 'de', 'anna', 'review', { noun: 'page', marks: false }), {
    message: /no German text/,
  })
  const set = reviewSet(model, doc, 'en', 'anna', 'dismiss', { noun: 'page', marks: false })
  t.equal(set['translations.en.reviewed_by'], 'anna')
  t.notOk('machine_translated' in set, 'a kind without machine marks gets none')
})

t.test('visitors: no text of a language that is not live', async (t) => {
  const out = withLiveLanguagesOnly(
    {
      languages: ['nl', 'de'],
      title_en: 'About',
      meta_description_en: 'M',
      title_de: 'Über',
      title_nl: 'Over',
    },
    ['title', 'meta_description'],
  )
  t.same(out, {
    languages: ['nl', 'de'],
    title_en: '',
    meta_description_en: null,
    title_de: 'Über',
    title_nl: 'Over',
  })
})

t.test('the board: counts over every row, filters and paging after', async (t) => {
  const doc = page()
  const stale = {
    ...doc,
    content_nl: 'changed',
    source_revs: model.revsOf({ ...doc, content_nl: 'changed' }),
  }
  const row = (id: string, d: TranslatedDoc): TranslationBoardRow => ({
    type: 'page',
    id,
    title: id,
    slug: id,
    published: true,
    source_lang: 'nl',
    updated_at: new Date(0).toISOString(),
    cells: model.translationsView(d),
  })
  const rows = [row('a', doc), row('b', stale), row('c', { ...doc, title_de: null })]
  const board = translationBoardPage(rows, { state: 'stale', lang: 'en', pageSize: 1 })
  t.same(
    board.items.map((r) => r.id),
    ['b'],
  )
  t.equal(board.total, 1)
  t.same(board.counts.de, { missing: 1, needs_review: 0, stale: 1, reviewed: 0, published: 1 })
  t.same(board.counts.nl, { missing: 0, needs_review: 0, stale: 0, reviewed: 0, published: 3 })
})
