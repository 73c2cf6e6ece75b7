// Content tab (spec §2, §5, §8): one form with nl/en/de blocks and the contact details, character
// counters, the limits and messages of §5; reset from server data only while the user has not edited;
// each language's state with Review / Still right (issue 47).
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Skeleton } from '@/components'
import { setQueryData, useMutation, useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { SiteContent } from '@site/contracts'
import { getContent, saveContent } from '@/api/content'
import { ContentFields } from './ContentFields'
import { EMPTY, toForm, toInput, validateContent, type ContentForm } from './contentForm'
import { Section } from '../../components/list/Section'
import { toastError, toastSuccess } from '../../lib/toasts'
import { useUnsavedChanges } from '@/lib/useUnsavedChanges'
import { texts } from '../../texts'
import { HistoryButton } from '../../components/history/HistoryDialog'
import { ContentLanguages } from '../translations/StoredLanguages'

export function ContentTab() {
  const t = texts
  const tc = t.content
  const query = useQuery(queryKeys.content, getContent)
  const [form, setForm] = useState<ContentForm>(EMPTY)
  const [edited, setEdited] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const loadedFrom = useRef<SiteContent | null>(null)

  // Spec §2: the form is reset from server data only if the user has not edited it.
  useEffect(() => {
    if (query.data && query.data !== loadedFrom.current && !edited) {
      loadedFrom.current = query.data
      setForm(toForm(query.data))
    }
  }, [query.data, edited])

  const save = useMutation(saveContent, { invalidate: [queryKeys.content] })
  // Leaving the dashboard or reloading with edits asks first (UnsavedChangesGuard).
  useUnsavedChanges(edited)
  const errors = validateContent(form, { requireFilled: submitted })

  function set(key: keyof ContentForm, value: string) {
    setForm((f) => ({ ...f, [key]: value }))
    setEdited(true)
  }

  // A restored version replaces the form (unsaved edits included, the dialog says so): the reset
  // from server data above skips an edited form, so the restore would not show otherwise.
  // The cache takes it too, so the reset above does not put the earlier data back meanwhile.
  function showRestored(doc: SiteContent) {
    setQueryData(queryKeys.content, doc)
    loadedFrom.current = doc
    setForm(toForm(doc))
    setEdited(false)
    setSubmitted(false)
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    const all = validateContent(form, { requireFilled: true })
    if (Object.keys(all).length > 0) {
      toastError(tc.saveFailed, null, tc.fixErrors)
      const first = Object.keys(all)[0]
      if (first) document.getElementById(`content-${first}`)?.focus()
      return
    }
    try {
      const saved = await save.mutateAsync(toInput(form))
      loadedFrom.current = saved
      setForm(toForm(saved))
      setEdited(false)
      setSubmitted(false)
      toastSuccess(tc.saved)
    } catch (err) {
      toastError(tc.saveFailed, err, tc.saveFailed)
    }
  }

  if (query.isPending) {
    return (
      <Section title={tc.heading} lead={tc.lead}>
        <div aria-busy="true" aria-label={t.loading} className="admin-list">
          <Skeleton className="admin-list__skeleton admin-list__skeleton--tall" />
          <Skeleton className="admin-list__skeleton admin-list__skeleton--tall" />
        </div>
      </Section>
    )
  }
  if (query.isError && !query.data) {
    return (
      <Section title={tc.heading}>
        <div className="admin-empty" role="alert">
          <p>{tc.loadFailed}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </div>
      </Section>
    )
  }

  return (
    <Section title={tc.heading} lead={tc.lead} id="admin-content">
      <form onSubmit={onSubmit} noValidate className="form-stack" data-testid="content-form">
        {query.data ? <ContentLanguages version={query.data.updated_at} /> : null}
        <ContentFields form={form} errors={errors} set={set} disabled={save.isPending} />
        <div className="admin-form-footer">
          {edited ? <span className="admin-muted">{tc.unsaved}</span> : <span />}
          <div className="admin-row__actions">
            <HistoryButton<SiteContent>
              path="/api/content"
              name={texts.tabs.content}
              refresh={queryKeys.content}
              onRestored={showRestored}
              unsaved={edited}
            />
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t.saving : tc.save}
            </Button>
          </div>
        </div>
      </form>
    </Section>
  )
}
