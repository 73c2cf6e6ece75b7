// The post editor's languages (issue 47 #4, docs/editorial.md "Translations"): each language's state
// (stale, needs review, reviewed by whom and when, published), and for a translation its source
// beside it field by field, with what changed in the source since it was translated (the history's
// comparison, from GET /api/blog/{id}/translations/{lang}/source-changes).
import { useState } from 'react'
import type { BlogPost, TranslationLang } from '@site/contracts'
import { plainText } from '@site/contracts/text'
import { getSourceChanges } from '@/api/blog'
import { useQuery } from '@/lib/query'
import { localDateTime } from '../../lib/localTime'
import { DiffTable } from '../../components/history/DiffTable'
import { texts } from '../../texts'
import type { BlogPostForm } from './blogPostForm'

const LANGS: TranslationLang[] = ['nl', 'en', 'de']
const FIELDS = ['title', 'excerpt', 'content', 'meta_description'] as const

/** A field's text as the editor has it now: the form's value where the form edits it, else the post's. */
function valueOf(post: BlogPost, form: BlogPostForm, key: string): string {
  const v = key in form ? form[key as keyof BlogPostForm] : post[key as keyof BlogPost]
  return typeof v === 'string' ? plainText(v) : ''
}

function SourceChangesNote({
  post,
  lang,
  source,
}: {
  post: BlogPost
  lang: TranslationLang
  source: string
}) {
  const ts = texts.translations.side
  const changes = useQuery(['source-changes', post.id, lang, post.updated_at], () =>
    getSourceChanges(post.id, lang),
  )
  if (changes.isError) return <p role="alert">{ts.loadError}</p>
  if (!changes.data) return <p role="status">{texts.loading}</p>
  const { fields, found } = changes.data
  if (!fields.length) return <p className="admin-muted">{ts.unchanged}</p>
  return (
    <section aria-label={ts.changedHeading(source)} data-testid="source-changes">
      <h4>{ts.changedHeading(source)}</h4>
      {found ? null : <p className="admin-muted">{ts.notFound}</p>}
      <DiffTable
        rows={fields.map((f) => ({ field: f.field, label: ts.fields[f.field]!, then: f.then, now: f.now }))}
        thenLabel={ts.then}
        nowLabel={ts.now}
      />
    </section>
  )
}

export function SideBySide({ post, form }: { post: BlogPost; form: BlogPostForm }) {
  const tt = texts.translations
  const ts = tt.side
  const states = post.translations
  const [open, setOpen] = useState<TranslationLang | null>(null)
  if (!states) return null
  const chosen = open ? states[open] : null
  const source = chosen?.source_lang as TranslationLang | null | undefined
  return (
    <section className="admin-note" aria-label={ts.label} data-testid="post-languages">
      <div role="tablist" aria-label={ts.heading} className="admin-switch-row">
        {LANGS.map((l) => {
          const s = states[l]
          const name = s.source_lang ? ts.languages[l]! : ts.sourceOf(ts.languages[l]!)
          const reviewed =
            s.reviewed_by && s.reviewed_at
              ? `, ${ts.reviewedBy(s.reviewed_by, localDateTime(s.reviewed_at))}`
              : ''
          return (
            <button
              key={l}
              type="button"
              role="tab"
              aria-selected={open === l}
              disabled={!s.source_lang}
              data-testid={`post-language-${l}`}
              onClick={() => setOpen(open === l ? null : l)}
            >
              {name}: {tt.states[s.state]}
              {reviewed}
            </button>
          )
        })}
      </div>
      {open && source ? (
        <div role="tabpanel" aria-label={ts.compare(ts.languages[open]!)} data-testid="side-by-side">
          <table className="admin-history__diff">
            <thead>
              <tr>
                <th scope="col">{ts.field}</th>
                <th scope="col">{ts.languages[source]}</th>
                <th scope="col">{ts.languages[open]}</th>
              </tr>
            </thead>
            <tbody>
              {FIELDS.map((f) => (
                <tr key={f}>
                  <th scope="row">{ts.fields[f]}</th>
                  <td lang={source}>{valueOf(post, form, `${f}_${source}`) || texts.history.none}</td>
                  <td lang={open}>{valueOf(post, form, `${f}_${open}`) || texts.history.none}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {chosen?.stale ? (
            <SourceChangesNote post={post} lang={open} source={ts.languages[source]!} />
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
