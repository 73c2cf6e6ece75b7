// The translation workflow (docs/api.md "Translations", issue 47): the board of every post's
// languages and the per-language writes (machine translation, review, "still right", publish).
import type { BlogPost, TranslationBoard, TranslationLang, PostTranslationState } from '@site/contracts'
import { getJson, postJson } from '@/lib/api'

export interface BoardQuery {
  page: number
  pageSize: number
  lang?: TranslationLang
  state?: PostTranslationState
}

export const getTranslationBoard = (query: BoardQuery, signal?: AbortSignal) =>
  getJson<TranslationBoard>('/api/translations', {
    signal,
    params: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')),
  })

export type LanguageAction = 'translate' | 'review' | 'dismiss' | 'publish' | 'unpublish'

/** One language of a post; `translate` with `overwrite` replaces what a person wrote (else a 409 asks). */
export const languageAction = (
  id: string,
  lang: TranslationLang,
  action: LanguageAction,
  overwrite = false,
) =>
  action === 'translate'
    ? postJson<BlogPost>(`/api/blog/translate/${encodeURIComponent(id)}/${lang}`, { overwrite })
    : postJson<BlogPost>(`/api/blog/${encodeURIComponent(id)}/translations/${lang}/${action}`, {})
