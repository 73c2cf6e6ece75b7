// Content tab (spec §2, §5, §8): one form with nl/en/de blocks and the contact details, character
// counters, the limits and messages of §5; reset from server data only while the user has not edited.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Field, Input, Skeleton, Textarea } from '@/components'
import { useMutation, useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { SiteContent, SiteContentInput } from '@site/contracts'
import { useT } from '@/i18n'
import { getContent, saveContent } from '@/api/content'
import {
  CONTENT_LANGS,
  CONTENT_LIMITS,
  CONTENT_TEXT_FIELDS,
  validateContent,
  type ContentForm,
  type ContentLang,
  type ContentTextField,
} from '../lib/validation'
import { Section } from './list/Section'
import { toastError, toastSuccess } from '../lib/toasts'

const EMPTY: ContentForm = Object.fromEntries(
  [
    ...CONTENT_TEXT_FIELDS.flatMap((f) => CONTENT_LANGS.map((l) => `${f}_${l}`)),
    'address',
    'phone',
    'email',
  ].map((k) => [k, '']),
) as ContentForm

function toForm(c: SiteContent): ContentForm {
  const r = c as unknown as Record<string, string | null | undefined>
  const form = { ...EMPTY }
  for (const key of Object.keys(EMPTY) as (keyof ContentForm)[]) form[key] = r[key] ?? ''
  return form
}

function toInput(form: ContentForm): SiteContentInput {
  const out: Record<string, string | null> = {}
  for (const [k, v] of Object.entries(form))
    out[k] = k.endsWith('_de') ? (v.trim() === '' ? null : v) : v.trim()
  return out as unknown as SiteContentInput
}

const MULTILINE: Record<ContentTextField, boolean> = {
  title: false,
  intro: true,
  subtitle: false,
  philosophy_title: false,
  philosophy_text: true,
}

export function ContentTab() {
  const t = useT().admin
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
  const errors = validateContent(form, { requireFilled: submitted })

  function set(key: keyof ContentForm, value: string) {
    setForm((f) => ({ ...f, [key]: value }))
    setEdited(true)
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

  const fieldLabel: Record<ContentTextField, string> = {
    title: tc.title,
    intro: tc.intro,
    subtitle: tc.subtitle,
    philosophy_title: tc.philosophyTitle,
    philosophy_text: tc.philosophyText,
  }
  const langLabel: Record<ContentLang, string> = { nl: t.dutch, en: t.english, de: t.germanOptional }

  const control = (
    key: keyof ContentForm,
    max: number,
    opts: { multiline?: boolean; type?: string; required?: boolean; label: string },
  ) => {
    const id = `content-${key}`
    const error = errors[key]
    const common = {
      id,
      name: key,
      value: form[key],
      disabled: save.isPending,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      'aria-required': opts.required || undefined,
    } as const
    return (
      <Field
        key={key}
        label={opts.label}
        htmlFor={id}
        error={error}
        counter={{ value: form[key].length, max }}
        required={opts.required}
      >
        {opts.multiline ? (
          <Textarea {...common} rows={4} onChange={(e) => set(key, e.target.value)} />
        ) : (
          <Input {...common} type={opts.type ?? 'text'} onChange={(e) => set(key, e.target.value)} />
        )}
      </Field>
    )
  }

  return (
    <Section title={tc.heading} lead={tc.lead} id="admin-content">
      <form onSubmit={onSubmit} noValidate className="form-stack" data-testid="content-form">
        <div className="admin-lang-grid">
          {CONTENT_LANGS.map((lang) => (
            <fieldset key={lang} className="admin-fieldset">
              <legend>{langLabel[lang]}</legend>
              <div className="form-stack">
                {CONTENT_TEXT_FIELDS.map((f) =>
                  control(`${f}_${lang}`, CONTENT_LIMITS[f], {
                    multiline: MULTILINE[f],
                    required: lang !== 'de',
                    label: fieldLabel[f],
                  }),
                )}
              </div>
            </fieldset>
          ))}
        </div>
        <fieldset className="admin-fieldset">
          <legend>{tc.contactDetails}</legend>
          <div className="admin-grid-3">
            {control('address', CONTENT_LIMITS.address, { required: true, label: tc.address })}
            {control('phone', CONTENT_LIMITS.phone, { required: true, label: tc.phone, type: 'tel' })}
            {control('email', CONTENT_LIMITS.email, { required: true, label: tc.email, type: 'email' })}
          </div>
        </fieldset>
        <div className="admin-form-footer">
          {edited ? <span className="admin-muted">{tc.unsaved}</span> : <span />}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t.saving : tc.save}
          </Button>
        </div>
      </form>
    </Section>
  )
}
