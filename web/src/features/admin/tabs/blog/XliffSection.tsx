// Blog tab: XLIFF 2.0 for translation agencies (docs/editorial.md, "Translation agencies
// (XLIFF)"): choose posts of the list's page and a target language to download a file; import a
// translated file back and read which units were applied and which refused, and why.
import { useState, type ChangeEvent } from 'react'
import type { BlogPostSummary, SiteLang, XliffImportResult } from '@site/contracts'
import { plainText } from '@site/contracts/text'
import { Button, Field } from '@/components'
import { exportXliff, importXliff } from '@/api/translations'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { toastError } from '../../lib/toasts'
import { Section } from '../../components/list/Section'
import { texts } from '../../texts'

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/xliff+xml' }))
  const a = Object.assign(document.createElement('a'), { href: url, download: name })
  a.click()
  URL.revokeObjectURL(url)
}

export function XliffSection({ posts }: { posts: BlogPostSummary[] }) {
  const ta = texts
  const t = ta.agency
  const [chosen, setChosen] = useState<string[]>([])
  const [target, setTarget] = useState<SiteLang>('de')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<XliffImportResult | null>(null)

  async function onExport() {
    const ids = chosen.filter((id) => posts.some((p) => p.id === id))
    setError(ids.length ? null : t.noneChosen)
    if (!ids.length) return
    setBusy(true)
    try {
      download(`posts.${target}.xlf`, await exportXliff(ids, target))
    } catch (err) {
      toastError(ta.error, err, t.exportFailed)
    } finally {
      setBusy(false)
    }
  }

  async function onImport(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setBusy(true)
    try {
      setResult(await importXliff(file))
      await invalidateQueries(queryKeys.blog.all)
    } catch (err) {
      setResult(null)
      toastError(ta.error, err, t.importFailed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Section title={t.xliffHeading} lead={t.xliffLead} id="admin-xliff">
      <div className="form-stack admin-card" data-testid="xliff-panel">
        <fieldset>
          <legend>{t.choose}</legend>
          {posts.map((p) => (
            <label key={p.id} className="admin-check">
              <input
                type="checkbox"
                checked={chosen.includes(p.id)}
                onChange={(e) =>
                  setChosen((c) => (e.target.checked ? [...c, p.id] : c.filter((id) => id !== p.id)))
                }
              />{' '}
              {plainText(p.title_nl || p.title_en)}
            </label>
          ))}
        </fieldset>
        <Field label={t.target} htmlFor="xliff-target">
          <select
            id="xliff-target"
            className="input"
            value={target}
            onChange={(e) => setTarget(e.target.value as SiteLang)}
          >
            {Object.entries(t.langs).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <div>
          <Button type="button" disabled={busy} onClick={() => void onExport()}>
            {busy ? t.downloading : t.download}
          </Button>
        </div>
        <Field label={t.importLabel} htmlFor="xliff-file">
          <input
            id="xliff-file"
            type="file"
            accept=".xlf,.xliff,application/xliff+xml"
            disabled={busy}
            onChange={(e) => void onImport(e)}
          />
        </Field>
        {result ? (
          <div role="status" data-testid="xliff-result">
            <p>{t.result(result.applied.length, result.refused.length)}</p>
            {result.refused.length ? (
              <ul>
                {result.refused.map((u) => (
                  <li key={`${u.post}/${u.unit}`}>{t.refusedUnit(`${u.post}/${u.unit}`, u.reason ?? '')}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </Section>
  )
}
