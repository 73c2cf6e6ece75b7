// A translation beside its source (issue 47 #4, docs/editorial.md "Translations"), for the post and
// the page editor: the source language's text and the translation's, field by field, and when the
// translation is stale what changed in the source since it was translated (the history's
// comparison, from GET /api/blog|pages/{id}/translations/{lang}/source-changes).
import type { TranslationLang } from '@site/contracts'
import { getSourceChanges } from '@/api/translations'
import { useQuery } from '@/lib/query'
import { DiffTable } from '../../components/history/DiffTable'
import { texts } from '../../texts'

export interface SourceBesideProps {
  type: 'post' | 'page'
  /** The document and its version (the changes are asked again after each save or action). */
  id: string
  version: string
  lang: TranslationLang
  source: TranslationLang
  stale: boolean
  /** The translatable fields, without the `_<lang>` suffix. */
  fields: readonly string[]
  /** A localized field's text as the editor has it now (plain text). */
  valueOf: (key: string) => string
}

function SourceChangesNote({
  type,
  id,
  version,
  lang,
  source,
}: Omit<SourceBesideProps, 'fields' | 'valueOf' | 'stale'>) {
  const ts = texts.translations.side
  const name = ts.languages[source]!
  const changes = useQuery(['source-changes', type, id, lang, version], () =>
    getSourceChanges(type, id, lang),
  )
  if (changes.isError) return <p role="alert">{ts.loadError}</p>
  if (!changes.data) return <p role="status">{texts.loading}</p>
  const { fields, found } = changes.data
  if (!fields.length) return <p className="admin-muted">{ts.unchanged}</p>
  return (
    <section aria-label={ts.changedHeading(name)} data-testid="source-changes">
      <h4>{ts.changedHeading(name)}</h4>
      {found ? null : <p className="admin-muted">{ts.notFound}</p>}
      <DiffTable
        rows={fields.map((f) => ({ field: f.field, label: ts.fields[f.field]!, then: f.then, now: f.now }))}
        thenLabel={ts.then}
        nowLabel={ts.now}
      />
    </section>
  )
}

/** The table of source and translation, then (when stale) the source's changes. */
export function SourceBeside(props: SourceBesideProps) {
  const { lang, source, stale, fields, valueOf } = props
  const ts = texts.translations.side
  return (
    <>
      <table className="admin-history__diff">
        <thead>
          <tr>
            <th scope="col">{ts.field}</th>
            <th scope="col">{ts.languages[source]}</th>
            <th scope="col">{ts.languages[lang]}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f} data-field={f}>
              <th scope="row">{ts.fields[f]}</th>
              <td lang={source}>{valueOf(`${f}_${source}`) || texts.history.none}</td>
              <td lang={lang}>{valueOf(`${f}_${lang}`) || texts.history.none}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {stale ? <SourceChangesNote {...props} /> : null}
    </>
  )
}
