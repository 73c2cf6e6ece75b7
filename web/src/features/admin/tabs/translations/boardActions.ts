import type { LanguageTranslation, TranslationBoardRow, TranslationLang } from '@site/contracts'
import type { LanguageAction } from '@/api/translations'

/**
 * The actions a language of a document offers, in the order shown (the board's cells, the editors'
 * languages). Only posts have machine translation; pages, features and the site content are
 * written by people. Features and the site content show every language with text: no switch.
 */
export function actionsOf(
  row: Pick<TranslationBoardRow, 'type' | 'source_lang'>,
  lang: TranslationLang,
  cell: LanguageTranslation,
): LanguageAction[] {
  const isSource = row.source_lang === lang
  const out: LanguageAction[] = []
  if (row.type === 'post' && !isSource && cell.state !== 'published' && cell.state !== 'reviewed')
    out.push('translate')
  if (
    cell.needs_review ||
    (row.type !== 'post' && !isSource && cell.state !== 'missing' && !cell.reviewed_by)
  )
    out.push('review')
  if (cell.stale && !cell.needs_review) out.push('dismiss')
  const switchable = row.type === 'post' || row.type === 'page'
  if (switchable && !isSource && lang !== 'nl' && cell.state !== 'missing')
    out.push(cell.published ? 'unpublish' : 'publish')
  return out
}
