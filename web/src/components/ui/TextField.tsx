// A labelled text field of a form: an input (a textarea with `rows`), its error and hint tied to it
// with aria-describedby, and a character counter when `max` is given.
import { Field, Input, Textarea } from './Input'

export interface TextFieldProps {
  id: string
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | null
  hint?: string
  required?: boolean
  /** Shows a counter against this many characters (the input still takes more: the error says so). */
  max?: number
  /** Stops typing past this many characters. */
  maxLength?: number
  rows?: number
  type?: string
  placeholder?: string
  inputMode?: 'url' | 'email' | 'tel' | 'text'
  disabled?: boolean
}

export function TextField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  max,
  maxLength,
  rows,
  type,
  placeholder,
  inputMode,
  disabled,
}: TextFieldProps) {
  const props = {
    id,
    name,
    value,
    disabled,
    maxLength,
    placeholder,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
  }
  return (
    <Field
      label={label}
      htmlFor={id}
      error={error}
      hint={hint}
      required={required}
      counter={max ? { value: value.length, max } : undefined}
    >
      {rows ? (
        <Textarea {...props} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input
          {...props}
          type={type}
          inputMode={inputMode}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}
