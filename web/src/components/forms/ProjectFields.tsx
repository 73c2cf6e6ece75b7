// The fields of the one project form: title, description, the image (a URL field, or the `image`
// the caller renders, e.g. the admin's upload), video URL and link URL. Labels and errors come from
// the caller, so /projects and the admin each keep their texts (spec §2).
import type { ReactNode } from 'react'
import type { ProjectForm } from '@/lib/projectForm'
import { TextField } from '../ui/TextField'

export interface ProjectFieldLabels {
  title: string
  description: string
  image: string
  video: string
  link: string
}

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
  onChange: (key: keyof ProjectForm, value: string) => void
  labels: ProjectFieldLabels
  errors?: Partial<Record<keyof ProjectForm, string | null>>
  /** Replaces the image URL field (the admin uploads the image instead). */
  image?: ReactNode
  urlPlaceholder?: string
  titleMaxLength?: number
  disabled?: boolean
}) {
  const field = (key: keyof ProjectForm, label: string, opts: { rows?: number; url?: boolean; required?: boolean; maxLength?: number } = {}) => (
    <TextField
      id={`${idPrefix}-${key}`}
      name={key}
      label={label}
      value={form[key]}
      onChange={(v) => onChange(key, v)}
      error={errors[key]}
      required={opts.required}
      rows={opts.rows}
      maxLength={opts.maxLength}
      type={opts.url ? 'url' : 'text'}
      placeholder={opts.url ? urlPlaceholder : undefined}
      disabled={disabled}
    />
  )
  return (
    <>
      {field('title', labels.title, { required: true, maxLength: titleMaxLength })}
      {field('description', labels.description, { rows: 4, required: true })}
      {image ?? field('image_url', labels.image, { url: true })}
      {field('video_url', labels.video, { url: true })}
      {field('link_url', labels.link, { url: true })}
    </>
  )
}
