// The Translations tab (issue 47, docs/editorial.md "Translations"): every post, page, feature or
// the site content × nl/en/de with its state (missing, machine — needs review, stale, current but
// not public, published), the counts per language, filters by type, language and state, a page at
// a time, and each cell's actions: translate by machine (posts), review, "still right", publish or
// take down the language (posts, pages), and open the document's editor (the site content's: the
// Content tab).
// A translator sees the actions of their languages only; publishing needs `content.publish`.
import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { BlogPost, Feature, Page, TranslationLang } from '@site/contracts'
import { roleCan } from '@site/contracts/role-table'
import { Badge, Button } from '@/components'
import { ApiError } from '@/lib/api'
import { useQuery } from '@/lib/query'
import { useAuth } from '@/stores/auth'
import { toast } from '@/stores/toast'
import { getPost } from '@/api/blog'
import { getPage } from '@/api/pages'
import { getFeature } from '@/api/features'
import {
  documentLanguageAction,
  getTranslationBoard,
  languageAction,
  type BoardType,
  type LanguageAction,
} from '@/api/translations'
import { ListState } from '../../components/list/ListState'
import { Section } from '../../components/list/Section'
import { Pager } from '../../components/list/Pager'
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog'
import { toastError } from '../../lib/toasts'
import { BlogPostDialog } from '../blog/BlogPostDialog'
import { PageDialog } from '../pages/PageDialog'
import { FeatureDialog } from '../features/FeatureDialog'
import { texts } from '../../texts'
import { BoardCounts, BoardFilters, LANGS, type Filters } from './BoardControls'
import { actionsOf } from './boardActions'

const PAGE_SIZE = 20
type Pending = { id: string; lang: TranslationLang; message: string }
const NO_FILTER: Filters = { type: 'post', lang: '', state: '' }

export function TranslationsTab() {
  const tt = texts.translations
  const user = useAuth((s) => s.user)
  const mayEditAll = roleCan(user?.role, 'content.edit')
  const mayPublish = roleCan(user?.role, 'content.publish')
  const mine = (lang: TranslationLang) => mayEditAll || (user?.languages ?? []).includes(lang)
  const [draft, setDraft] = useState<Filters>(NO_FILTER)
  const [filters, setFilters] = useState<Filters>(NO_FILTER)
  const [page, setPage] = useState(1)
  const [busy, setBusy] = useState<string | null>(null)
  const [ask, setAsk] = useState<Pending | null>(null)
  const [editing, setEditing] = useState<BlogPost | null>(null)
  const [editingPage, setEditingPage] = useState<Page | null>(null)
  const [editingFeature, setEditingFeature] = useState<Feature | null>(null)
  const query = {
    type: filters.type,
    page,
    pageSize: PAGE_SIZE,
    lang: filters.lang || undefined,
    state: filters.state || undefined,
  }
  const board = useQuery(['translations', query], (signal) => getTranslationBoard(query, signal))
  const counts = board.data?.counts

  async function run(
    type: BoardType,
    id: string,
    lang: TranslationLang,
    action: LanguageAction,
    overwrite = false,
  ) {
    setBusy(`${id}:${lang}`)
    try {
      if (type !== 'post' && action !== 'translate') await documentLanguageAction(type, id, lang, action)
      else await languageAction(id, lang, action, overwrite)
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
  async function edit(type: BoardType, id: string) {
    try {
      if (type === 'page') setEditingPage(await getPage(id))
      else if (type === 'feature') setEditingFeature(await getFeature(id))
      else setEditing(await getPost(id))
    } catch (err) {
      toastError(texts.error, err, texts.openFailed)
    }
  }
  const apply = () => {
    setFilters(draft)
    setPage(1)
  }
  const closed = (o: boolean) => {
    if (o) return
    setEditing(null)
    setEditingPage(null)
    setEditingFeature(null)
    void board.refetch()
  }

  return (
    <Section title={tt.heading} id="admin-translations">
      <p className="admin-muted">{tt.intro}</p>
      {counts ? <BoardCounts counts={counts} /> : null}
      <BoardFilters draft={draft} setDraft={setDraft} onApply={apply} />
      <ListState query={board} empty={tt.empty[filters.type]}>
        {(rows) => (
          <table className="admin-audit" data-testid="translation-board">
            <thead>
              <tr>
                <th scope="col">{tt.column[filters.type]}</th>
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
                    {row.type === 'content' ? (
                      <Link to="?tab=content">{tt.openContent}</Link>
                    ) : (
                      <Button variant="outline" size="sm" onClick={() => void edit(row.type, row.id)}>
                        {tt.actions.edit}
                      </Button>
                    )}
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
                              onClick={() => void run(row.type, row.id, l, a)}
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
        onConfirm={() => (ask ? run('post', ask.id, ask.lang, 'translate', true) : Promise.resolve())}
      />
      <BlogPostDialog open={editing !== null} post={editing} onOpenChange={closed} />
      <PageDialog open={editingPage !== null} page={editingPage} onOpenChange={closed} />
      <FeatureDialog open={editingFeature !== null} feature={editingFeature} onOpenChange={closed} />
    </Section>
  )
}
