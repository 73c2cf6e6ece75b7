// The Translations tab (issue 47, docs/editorial.md "Translations"): every post × nl/en/de with its
// state (missing, machine — needs review, stale, current but not public, published), the counts per
// language, filters by language and state, a page at a time, and each cell's actions: translate by
// machine, review, "still right", publish or take down the language, and open the post's editor.
// A translator sees the actions of their languages only; publishing needs `content.publish`.
import { useState, type FormEvent } from 'react'
import type {
  BlogPost,
  LanguageTranslation,
  TranslationState,
  TranslationBoardRow,
  TranslationLang,
} from '@site/contracts'
import { roleCan } from '@site/contracts/role-table'
import { Badge, Button, Label } from '@/components'
import { ApiError } from '@/lib/api'
import { useQuery } from '@/lib/query'
import { useAuth } from '@/stores/auth'
import { toast } from '@/stores/toast'
import { getPost } from '@/api/blog'
import { getTranslationBoard, languageAction, type LanguageAction } from '@/api/translations'
import { ListState } from '../../components/list/ListState'
import { Section } from '../../components/list/Section'
import { Pager } from '../../components/list/Pager'
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog'
import { toastError } from '../../lib/toasts'
import { BlogPostDialog } from '../blog/BlogPostDialog'
import { texts } from '../../texts'

const PAGE_SIZE = 20
const LANGS: TranslationLang[] = ['nl', 'en', 'de']
const STATES: TranslationState[] = ['missing', 'needs_review', 'stale', 'reviewed', 'published']
type Filters = { lang: '' | TranslationLang; state: '' | TranslationState }
type Pending = { id: string; lang: TranslationLang; message: string }

/** The actions a cell offers, in the order shown. */
function actionsOf(
  row: TranslationBoardRow,
  lang: TranslationLang,
  cell: LanguageTranslation,
): LanguageAction[] {
  const isSource = row.source_lang === lang
  const out: LanguageAction[] = []
  if (!isSource && cell.state !== 'published' && cell.state !== 'reviewed') out.push('translate')
  if (cell.needs_review) out.push('review')
  if (cell.stale && !cell.needs_review) out.push('dismiss')
  if (!isSource && lang !== 'nl' && cell.state !== 'missing')
    out.push(cell.published ? 'unpublish' : 'publish')
  return out
}

export function TranslationsTab() {
  const tt = texts.translations
  const user = useAuth((s) => s.user)
  const mayEditAll = roleCan(user?.role, 'content.edit')
  const mayPublish = roleCan(user?.role, 'content.publish')
  const mine = (lang: TranslationLang) => mayEditAll || (user?.languages ?? []).includes(lang)
  const [draft, setDraft] = useState<Filters>({ lang: '', state: '' })
  const [filters, setFilters] = useState<Filters>({ lang: '', state: '' })
  const [page, setPage] = useState(1)
  const [busy, setBusy] = useState<string | null>(null)
  const [ask, setAsk] = useState<Pending | null>(null)
  const [editing, setEditing] = useState<BlogPost | null>(null)
  const query = {
    page,
    pageSize: PAGE_SIZE,
    lang: filters.lang || undefined,
    state: filters.state || undefined,
  }
  const board = useQuery(['translations', query], (signal) => getTranslationBoard(query, signal))
  const counts = board.data?.counts

  async function run(id: string, lang: TranslationLang, action: LanguageAction, overwrite = false) {
    setBusy(`${id}:${lang}`)
    try {
      await languageAction(id, lang, action, overwrite)
      toast({ title: tt.done })
      await board.refetch()
    } catch (err) {
      // A person wrote some of these fields since the last machine run: ask before replacing them.
      if (err instanceof ApiError && err.code === 'HUMAN_EDITS')
        setAsk({ id, lang, message: err.serverMessage ?? err.message })
      else toastError(tt.failed, err, tt.failed)
    } finally {
      setBusy(null)
    }
  }
  async function edit(id: string) {
    try {
      setEditing(await getPost(id))
    } catch (err) {
      toastError(texts.error, err, texts.openFailed)
    }
  }
  const apply = (e: FormEvent) => {
    e.preventDefault()
    setFilters(draft)
    setPage(1)
  }

  return (
    <Section title={tt.heading} id="admin-translations">
      <p className="admin-muted">{tt.intro}</p>
      {counts ? (
        <table className="admin-audit" data-testid="translation-counts" aria-label={tt.counts}>
          <thead>
            <tr>
              <th scope="col">{tt.language}</th>
              {STATES.map((s) => (
                <th key={s} scope="col">
                  {tt.states[s]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LANGS.map((l) => (
              <tr key={l} data-testid={`translation-counts-${l}`}>
                <th scope="row">{l.toUpperCase()}</th>
                {STATES.map((s) => (
                  <td key={s} data-state={s}>
                    {counts[l][s] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <form className="admin-audit__filters" onSubmit={apply} role="search" aria-label={tt.heading}>
        <div>
          <Label htmlFor="translations-lang">{tt.language}</Label>
          <select
            id="translations-lang"
            className="input"
            value={draft.lang}
            onChange={(e) => setDraft((d) => ({ ...d, lang: e.target.value as Filters['lang'] }))}
          >
            <option value="">{tt.any}</option>
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {l.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="translations-state">{tt.state}</Label>
          <select
            id="translations-state"
            className="input"
            value={draft.state}
            onChange={(e) => setDraft((d) => ({ ...d, state: e.target.value as Filters['state'] }))}
          >
            <option value="">{tt.any}</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {tt.states[s]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">{tt.apply}</Button>
      </form>
      <ListState query={board} empty={tt.empty}>
        {(rows) => (
          <table className="admin-audit" data-testid="translation-board">
            <thead>
              <tr>
                <th scope="col">{tt.post}</th>
                {LANGS.map((l) => (
                  <th key={l} scope="col">
                    {l.toUpperCase()}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid="translation-row" data-id={row.id}>
                  <td>
                    {row.title}{' '}
                    <Button variant="outline" size="sm" onClick={() => void edit(row.id)}>
                      {tt.actions.edit}
                    </Button>
                  </td>
                  {LANGS.map((l) => {
                    const cell = row.cells[l]
                    const allowed = actionsOf(row, l, cell).filter((a) =>
                      a === 'publish' || a === 'unpublish' ? mayPublish : mine(l),
                    )
                    return (
                      <td key={l} data-testid={`cell-${l}`} data-state={cell.state}>
                        <Badge variant={cell.state === 'published' ? 'default' : 'secondary'}>
                          {tt.states[cell.state]}
                        </Badge>
                        {row.source_lang === l ? <span className="admin-muted"> ({tt.source})</span> : null}
                        {cell.reviewed_by ? <span className="admin-muted"> · {cell.reviewed_by}</span> : null}
                        <div>
                          {allowed.map((a) => (
                            <Button
                              key={a}
                              variant="outline"
                              size="sm"
                              disabled={busy === `${row.id}:${l}`}
                              onClick={() => void run(row.id, l, a)}
                            >
                              {tt.actions[a]}
                            </Button>
                          ))}
                        </div>
                      </td>
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListState>
      <Pager
        label={tt.heading}
        page={page}
        pageSize={PAGE_SIZE}
        total={board.data?.total ?? 0}
        busy={board.isFetching}
        onPage={setPage}
      />
      <ConfirmDialog
        open={ask !== null}
        onOpenChange={(o) => (!o ? setAsk(null) : undefined)}
        title={tt.overwriteTitle}
        text={ask?.message ?? ''}
        confirmLabel={tt.overwrite}
        onConfirm={() => (ask ? run(ask.id, ask.lang, 'translate', true) : Promise.resolve())}
      />
      <BlogPostDialog
        open={editing !== null}
        post={editing}
        onOpenChange={(o) => {
          if (!o) {
            setEditing(null)
            void board.refetch()
          }
        }}
      />
    </Section>
  )
}
