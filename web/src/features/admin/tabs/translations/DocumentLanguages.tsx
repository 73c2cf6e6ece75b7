// An editor's languages (issue 47 #5, docs/editorial.md "Translations: pages", "…: features and
// site content"): each language's state (stale, current but not public, published; reviewed by whom
// and when) with its actions: Review, Still right, and for a page Publish and Take down. A
// translator acts in their languages only; publishing needs `content.publish`. Each action answers
// the document with its new version, which the editor's next save goes over. With `beside` (the page
// editor), choosing a translation shows it beside its source, with what changed there (issue 47 #4).
import { useEffect, useState } from 'react'
import type { LanguageTranslations, TranslationLang } from '@site/contracts'
import { roleCan } from '@site/contracts/role-table'
import { Button } from '@/components'
import { documentLanguageAction, type ContentKind, type PageLanguageAction } from '@/api/translations'
import { useAuth } from '@/stores/auth'
import { localDateTime } from '../../lib/localTime'
import { toastError, toastSuccess } from '../../lib/toasts'
import { texts } from '../../texts'
import { actionsOf } from './boardActions'
import { SourceBeside, type SourceBesideProps } from './SourceBeside'

const LANGS: TranslationLang[] = ['nl', 'en', 'de']
type Translated = { id: string; updated_at?: string; translations?: LanguageTranslations }
type Beside = Pick<SourceBesideProps, 'type' | 'fields' | 'valueOf'>

export function DocumentLanguages<D extends Translated>({
  type,
  doc,
  onChanged,
  beside,
}: {
  type: ContentKind
  doc: D
  onChanged?: (doc: D) => void
  beside?: Beside
}) {
  const tt = texts.translations
  const ts = tt.side
  const user = useAuth((s) => s.user)
  const [shown, setShown] = useState(doc)
  const [busy, setBusy] = useState(false)
  const [open, setOpen] = useState<TranslationLang | null>(null)
  useEffect(() => setShown(doc), [doc])
  const states = shown.translations
  if (!states) return null
  const mayPublish = roleCan(user?.role, 'content.publish')
  const mine = (l: TranslationLang) =>
    roleCan(user?.role, 'content.edit') || (user?.languages ?? []).includes(l)

  async function run(lang: TranslationLang, action: PageLanguageAction) {
    setBusy(true)
    try {
      const next = await documentLanguageAction<D>(type, shown.id, lang, action)
      setShown(next)
      onChanged?.(next)
      toastSuccess(tt.done, `${ts.languages[lang]}: ${tt.states[next.translations![lang].state]}`)
    } catch (err) {
      toastError(tt.failed, err, tt.failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="admin-note" aria-label={tt.languagesOf[type]} data-testid={`${type}-languages`}>
      <ul className="admin-languages">
        {LANGS.map((l) => {
          const s = states[l]
          const name = s.source_lang ? ts.languages[l]! : ts.sourceOf(ts.languages[l]!)
          const reviewed =
            s.reviewed_by && s.reviewed_at
              ? `, ${ts.reviewedBy(s.reviewed_by, localDateTime(s.reviewed_at))}`
              : ''
          const actions = actionsOf({ type, source_lang: 'nl' }, l, s).filter((a) =>
            a === 'publish' || a === 'unpublish' ? mayPublish : a !== 'translate' && mine(l),
          ) as PageLanguageAction[]
          return (
            <li key={l} data-testid={`${type}-language-${l}`} data-state={s.state}>
              <span>
                {tt.languageState(name, tt.states[s.state])}
                {reviewed}
              </span>{' '}
              {actions.map((a) => (
                <Button
                  key={a}
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() => void run(l, a)}
                >
                  {tt.actions[a]}
                </Button>
              ))}
              {beside && s.source_lang && s.state !== 'missing' ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-pressed={open === l}
                  data-testid={`${type}-compare-${l}`}
                  onClick={() => setOpen(open === l ? null : l)}
                >
                  {ts.besideSource}
                </Button>
              ) : null}
            </li>
          )
        })}
      </ul>
      {beside && open && states[open].source_lang ? (
        <div role="region" aria-label={ts.compare(ts.languages[open]!)} data-testid="side-by-side">
          <SourceBeside
            {...beside}
            id={shown.id}
            version={shown.updated_at ?? ''}
            lang={open}
            source={states[open].source_lang as TranslationLang}
            stale={states[open].stale}
          />
        </div>
      ) : null}
    </section>
  )
}
