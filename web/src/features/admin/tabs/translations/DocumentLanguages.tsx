// An editor's languages (issue 47 #5, docs/editorial.md "Translations: pages", "…: features and
// site content"): each language's state (stale, current but not public, published; reviewed by whom
// and when) with its actions: Review, Still right, and for a page Publish and Take down. A
// translator acts in their languages only; publishing needs `content.publish`. Each action answers
// the document with its new version, which the editor's next save goes over.
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

const LANGS: TranslationLang[] = ['nl', 'en', 'de']
type Translated = { id: string; translations?: LanguageTranslations }

export function DocumentLanguages<D extends Translated>({
  type,
  doc,
  onChanged,
}: {
  type: ContentKind
  doc: D
  onChanged?: (doc: D) => void
}) {
  const tt = texts.translations
  const ts = tt.side
  const user = useAuth((s) => s.user)
  const [shown, setShown] = useState(doc)
  const [busy, setBusy] = useState(false)
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
            </li>
          )
        })}
      </ul>
    </section>
  )
}
