// A post's or page's body (issue 49, "The editor itself"): the rich text editor by default and the
// spec's HTML textarea (8 rows for posts, 10 for pages, same id and label as before) one switch
// away. The admin's last choice is remembered in this browser. A body holding what the editor
// cannot keep (a table, note links) stays in the HTML view, and says why. The editor is its own
// chunk, loaded when a body is first shown in it; both views edit the same HTML string, which the
// services sanitize on every save.
import { Suspense, lazy, useMemo, useState } from 'react'
import { TextField } from '@/components'
import { texts } from '../../texts'
import { MediaPickerButton } from '../../tabs/media/MediaPicker'
import { unsupportedParts } from './support'
import './editor.css'

const RichEditor = lazy(() => import('./RichEditor'))

type View = 'rich' | 'html'
const VIEW_KEY = 'admin.bodyView'
const savedView = (): View => {
  try {
    return localStorage.getItem(VIEW_KEY) === 'html' ? 'html' : 'rich'
  } catch {
    return 'rich'
  }
}

export interface BodyFieldProps {
  /** The field's key: content_nl or content_en. */
  field: 'content_nl' | 'content_en'
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  rows: number
  hint?: string
  error?: string | null
  required?: boolean
  disabled?: boolean
}

export function BodyField({
  field,
  id,
  label,
  value,
  onChange,
  rows,
  hint,
  error,
  required,
  disabled,
}: BodyFieldProps) {
  const t = texts.editor
  const body = t.bodies[field]!
  const insertName = texts.media.insertInto[field]
  const [chosen, setChosen] = useState<View>(savedView)
  const parts = useMemo(() => (typeof DOMParser === 'undefined' ? [] : unsupportedParts(value)), [value])
  const view: View = parts.length > 0 ? 'html' : chosen
  const choose = (next: View) => {
    setChosen(next)
    try {
      localStorage.setItem(VIEW_KEY, next)
    } catch {
      // Private mode: the choice holds for this dialog.
    }
  }
  const switcher = (
    <div role="group" aria-label={t.viewOf(body)} className="admin-body__views">
      {(['rich', 'html'] as const).map((v) => (
        <button
          key={v}
          type="button"
          className="admin-body__view"
          aria-pressed={view === v}
          disabled={disabled || (v === 'rich' && parts.length > 0)}
          onClick={() => choose(v)}
        >
          {v === 'rich' ? t.rich : t.html}
        </button>
      ))}
    </div>
  )
  if (view === 'html')
    return (
      <div className="admin-body admin-picker-field" data-testid={`${id}-body`}>
        {switcher}
        {parts.length > 0 ? (
          <p className="admin-muted" role="note" data-testid={`${id}-unsupported`}>
            {t.unsupported(parts.map((p) => t.parts[p] ?? p).join(', '))}
          </p>
        ) : null}
        <TextField
          id={id}
          name={field}
          label={label}
          value={value}
          onChange={onChange}
          error={error}
          hint={hint}
          required={required}
          rows={rows}
          disabled={disabled}
        />
        <MediaPickerButton
          label={texts.media.insert}
          name={insertName}
          onPick={(url) => onChange(`${value}\n<p><img src="${url}" alt=""></p>`)}
          disabled={disabled}
        />
      </div>
    )
  return (
    <div className="admin-body field" data-testid={`${id}-body`}>
      {switcher}
      <div className="field__top">
        <span className="label" id={`${id}-label`}>
          {label}
          {required ? (
            <span aria-hidden="true" className="field__required">
              {' '}
              *
            </span>
          ) : null}
        </span>
      </div>
      <Suspense fallback={<p role="status">{t.loading}</p>}>
        <RichEditor
          id={id}
          labelId={`${id}-label`}
          describedBy={error ? `${id}-error` : undefined}
          value={value}
          onChange={onChange}
          language={field === 'content_nl' ? 'nl' : 'en'}
          body={body}
          insertName={insertName}
          disabled={disabled}
          invalid={Boolean(error)}
        />
      </Suspense>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
