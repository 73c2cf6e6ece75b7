import {
  PAGE_SIZE_DEFAULT,
  type TranslationBoard,
  type TranslationBoardRow,
  type TranslationState,
} from '@site/contracts'
import { TRANSLATION_LANGS, type TLang } from './model.js'

const STATES: TranslationState[] = ['missing', 'needs_review', 'stale', 'reviewed', 'published']
const zero = () => Object.fromEntries(STATES.map((s) => [s, 0])) as Record<TranslationState, number>

/**
 * One page of the translation board (GET /api/translations, GET /api/pages/translations) from
 * every document's row, in the order given: counts per language and state over every row, then
 * the `lang`/`state` filter (a row matches when one of its cells does) and the paging.
 */
export function translationBoardPage(
  rows: TranslationBoardRow[],
  query: { page?: number; pageSize?: number; lang?: TLang; state?: TranslationState },
): TranslationBoard {
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT
  const counts = { nl: zero(), en: zero(), de: zero() }
  for (const row of rows) for (const l of TRANSLATION_LANGS) counts[l][row.cells[l].state]++
  const langs = query.lang ? [query.lang] : TRANSLATION_LANGS
  const { state } = query
  const matching = state ? rows.filter((r) => langs.some((l) => r.cells[l].state === state)) : rows
  const items = matching.slice((page - 1) * pageSize, page * pageSize)
  return { items, page, pageSize, total: matching.length, counts }
}
