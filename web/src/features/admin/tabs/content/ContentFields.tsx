// The Content tab's fields: a block per language (nl and en required, de optional) and the
// contact details, each with its character counter and error.
import { Field, Input, Textarea } from '@/components'
import { CONTENT_LIMITS } from '../../lib/validation'
import {
  CONTENT_LANGS,
  CONTENT_TEXT_FIELDS,
  type ContentForm,
  type ContentLang,
  type ContentTextField,
} from './contentForm'
import { texts } from '../../texts'

const MULTILINE: Record<ContentTextField, boolean> = {
  title: false,
  intro: true,
  subtitle: false,
  philosophy_title: false,
  philosophy_text: true,
}

export function ContentFields({
  form,
  errors,
  set,
  disabled,
}: {
  form: ContentForm
  errors: Partial<Record<keyof ContentForm, string>>
  set: (key: keyof ContentForm, value: string) => void
  disabled: boolean
}) {
  const t = texts
  const tc = t.content
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
      disabled,
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
    <>
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
    </>
  )
}
