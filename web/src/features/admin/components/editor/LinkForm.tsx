// The toolbar's link form: the address of the selected text's link (empty removes it). Only the
// schemes the site's sanitizer keeps are offered; a bare domain gets https://.
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components'
import { texts } from '../../texts'
import { normalizeHref } from './links'

export function LinkForm({
  id,
  href,
  onApply,
  onCancel,
}: {
  id: string
  href: string
  onApply: (href: string) => void
  onCancel: () => void
}) {
  const t = texts.editor
  const [value, setValue] = useState(href)
  const [bad, setBad] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  // Escape closes this form, not the dialog: the dialog listens on the document (capture), so the
  // key is taken on the window first.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.target !== input.current) return
      e.stopPropagation()
      e.preventDefault()
      onCancel()
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [onCancel])
  const apply = () => {
    const next = normalizeHref(value)
    if (next === null) setBad(true)
    else onApply(next)
  }
  return (
    <div className="field admin-rich__link">
      <label className="label" htmlFor={id}>
        {t.linkAddress}
      </label>
      <input
        ref={input}
        id={id}
        className="input"
        type="url"
        value={value}
        autoFocus
        aria-invalid={bad || undefined}
        aria-describedby={`${id}-hint${bad ? ` ${id}-error` : ''}`}
        onChange={(e) => {
          setValue(e.target.value)
          setBad(false)
        }}
        onKeyDown={(e) => {
          // Enter applies the link (not the dialog's form).
          if (e.key === 'Enter') {
            e.preventDefault()
            apply()
          }
        }}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {t.linkHint}
      </p>
      {bad ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {t.badLink}
        </p>
      ) : null}
      <div className="admin-rich__link-actions">
        <Button size="sm" onClick={apply}>
          {t.applyLink}
        </Button>
        {href ? (
          <Button size="sm" variant="outline" onClick={() => onApply('')}>
            {t.removeLink}
          </Button>
        ) : null}
      </div>
    </div>
  )
}
