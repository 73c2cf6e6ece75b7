// The fields of the one project form, in the order of PROJECT_FIELDS: title, description, the image
// (a URL field, or the `image` the caller renders, e.g. the admin's upload), video URL and link URL.
// Labels and errors come from the caller, so /projects and the admin each keep their texts (spec §2).
import { Fragment, type ReactNode } from 'react'
import { PROJECT_FIELDS, type ProjectField, type ProjectForm } from '@/lib/projectForm'
import { TextField } from '../ui/TextField'

/** One label per field: a message catalog missing one is a type error where it is passed. */
export type ProjectFieldLabels = Record<ProjectField, string>

export function ProjectFields({
  idPrefix,
  form,
  onChange,
  labels,
  errors = {},
  image,
  urlPlaceholder,
  titleMaxLength,
  disabled,
}: {
  idPrefix: string
  form: ProjectForm
  onChange: (key: ProjectField, value: string) => void
  labels: ProjectFieldLabels
  errors?: Partial<Record<ProjectField, string | null>>
  /** Replaces the image URL field (the admin uploads the image instead). */
  image?: ReactNode
  urlPlaceholder?: string
  titleMaxLength?: number
  disabled?: boolean
}) {
  const field = (key: ProjectField) => {
    const opts: { required?: true; rows?: number; url?: true } = PROJECT_FIELDS[key]
    return (
      <TextField
        key={key}
        id={`${idPrefix}-${key}`}
        name={key}
        label={labels[key]}
        value={form[key]}
        onChange={(v) => onChange(key, v)}
        error={errors[key]}
        required={opts.required}
        rows={opts.rows}
        maxLength={key === 'title' ? titleMaxLength : undefined}
        type={opts.url ? 'url' : 'text'}
        placeholder={opts.url ? urlPlaceholder : undefined}
        disabled={disabled}
      />
    )
  }
  return (
    <>
      {(Object.keys(PROJECT_FIELDS) as ProjectField[]).map((key) =>
        key === 'image_url' && image ? <Fragment key={key}>{image}</Fragment> : field(key),
      )}
    </>
  )
}
