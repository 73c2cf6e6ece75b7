// The translation workflow (docs/api.md "Translations", issue 47): the board of every post's, page's,
// feature's or the site content's languages and the per-language writes (machine translation, review, "still right", publish);
// the glossary and formality every machine translation follows, and XLIFF 2.0 files for agencies.
import type {
  BlogPost,
  Glossary,
  Page,
  GlossaryInput,
  TranslationState,
  SiteLang,
  SourceChanges,
  TranslationBoard,
  TranslationLang,
  TranslatedType,
  XliffImportResult,
} from '@site/contracts'
import { getJson, getText, postForm, postJson, postVersioned, putJson } from '@/lib/api'

export type BoardType = TranslatedType
export interface BoardQuery {
  type: BoardType
  page: number
  pageSize: number
  lang?: TranslationLang
  state?: TranslationState
}

/** Where each kind's board is: the posts' the blog's, the others the content service's (/api/translations?type= leads there). */
const BOARDS: Record<BoardType, string> = {
  post: '/api/translations',
  page: '/api/pages/translations',
  feature: '/api/features/translations',
  content: '/api/content/translations',
}

export const getTranslationBoard = ({ type, ...query }: BoardQuery, signal?: AbortSignal) =>
  getJson<TranslationBoard>(BOARDS[type], {
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
/** The kinds the content service keeps (written by people: no machine translation). */
export type ContentKind = Exclude<BoardType, 'post'>

const languagePath = (type: ContentKind, id: string, lang: TranslationLang) =>
  type === 'content'
    ? `/api/content/translations/${lang}`
    : `/api/${type === 'page' ? 'pages' : 'features'}/${encodeURIComponent(id)}/translations/${lang}`

/**
 * One language of a page, feature or the site content (features and the site content: review and
 * "still right" only); answers the document with its new version.
 */
export const documentLanguageAction = <T>(
  type: ContentKind,
  id: string,
  lang: TranslationLang,
  action: PageLanguageAction,
) => postVersioned<T>(`${languagePath(type, id, lang)}/${action}`)

/** What changed in a language's source since it was translated (issue 47 #4, the editors' side by side). */
export const getSourceChanges = (type: 'post' | 'page', id: string, lang: TranslationLang) =>
  getJson<SourceChanges>(
    `/api/${type === 'post' ? 'blog' : 'pages'}/${encodeURIComponent(id)}/translations/${lang}/source-changes`,
  )

export const pageLanguageAction = (id: string, lang: TranslationLang, action: PageLanguageAction) =>
  documentLanguageAction<Page>('page', id, lang, action)

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
