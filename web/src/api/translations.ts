// The translation workflow (docs/api.md "Translations", issue 47): the board of every post's or
// page's languages and the per-language writes (machine translation, review, "still right", publish);
// the glossary and formality every machine translation follows, and XLIFF 2.0 files for agencies.
import type {
  BlogPost,
  Glossary,
  Page,
  GlossaryInput,
  TranslationState,
  SiteLang,
  TranslationBoard,
  TranslationLang,
  XliffImportResult,
} from '@site/contracts'
import { getJson, getText, postForm, postJson, postVersioned, putJson } from '@/lib/api'

export type BoardType = 'post' | 'page'
export interface BoardQuery {
  type: BoardType
  page: number
  pageSize: number
  lang?: TranslationLang
  state?: TranslationState
}

/** The posts' board (the blog's), or the pages' (the content service's, where /api/translations?type=page leads). */
export const getTranslationBoard = ({ type, ...query }: BoardQuery, signal?: AbortSignal) =>
  getJson<TranslationBoard>(type === 'page' ? '/api/pages/translations' : '/api/translations', {
    signal,
    params: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && String(v) !== '')),
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

export type PageLanguageAction = Exclude<LanguageAction, 'translate'>

/** One language of a page (no machine translation for pages); answers the page with its new version. */
export const pageLanguageAction = (id: string, lang: TranslationLang, action: PageLanguageAction) =>
  postVersioned<Page>(`/api/pages/${encodeURIComponent(id)}/translations/${lang}/${action}`)

export const getGlossary = () => getJson<Glossary>('/api/blog/glossary')
export const saveGlossary = (body: GlossaryInput) => putJson<Glossary>('/api/blog/glossary', body)

/** GET /api/translations/xliff: the chosen posts' source and `target` as an XLIFF 2.0 file's text. */
export const exportXliff = (ids: string[], target: SiteLang) =>
  getText('/api/translations/xliff', { params: { target, ids: ids.join(',') } })

/** POST /api/translations/xliff (multipart `file`): which units were applied and which refused, and why. */
export async function importXliff(file: File): Promise<XliffImportResult> {
  const form = new FormData()
  form.append('file', file)
  return (await postForm<XliffImportResult>('/api/translations/xliff', form)).data
}
