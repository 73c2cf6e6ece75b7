// The optional overrides of an upload: Dutch and English title, tags, 'Publish immediately'.
import { Field, Input, Label, Switch } from '@/components'
import { useT } from '@/i18n'

export interface UploadOverrides {
  title_nl: string
  title_en: string
  tags: string
  publish: boolean
}
export const EMPTY_OVERRIDES: UploadOverrides = { title_nl: '', title_en: '', tags: '', publish: false }

/** The multipart fields of the overrides: the filled ones, and always `publish`. */
export function overrideFields(o: UploadOverrides): Record<string, string> {
  const fields: Record<string, string> = {}
  if (o.title_nl.trim()) fields.title_nl = o.title_nl.trim()
  if (o.title_en.trim()) fields.title_en = o.title_en.trim()
  if (o.tags.trim()) fields.tags = o.tags.trim()
  fields.publish = o.publish ? 'true' : 'false'
  return fields
}

export function UploadOverridesFields({
  value,
  onChange,
  disabled,
}: {
  value: UploadOverrides
  onChange: (update: (o: UploadOverrides) => UploadOverrides) => void
  disabled: boolean
}) {
  const b = useT().blog
  const text = (key: 'title_nl' | 'title_en' | 'tags', id: string, label: string, placeholder: string) => (
    <Field label={label} htmlFor={id}>
      <Input
        id={id}
        value={value[key]}
        placeholder={placeholder}
        onChange={(e) => {
          const text = e.target.value
          onChange((o) => ({ ...o, [key]: text }))
        }}
      />
    </Field>
  )
  return (
    <fieldset className="blog-upload__overrides" disabled={disabled}>
      <legend>{b.overrides}</legend>
      {text('title_nl', 'ub-title-nl', b.titleNl, b.titlePlaceholder)}
      {text('title_en', 'ub-title-en', b.titleEn, b.titlePlaceholder)}
      {text('tags', 'ub-tags', b.tagsLabel, b.tagsPlaceholder)}
      <div className="blog-upload__switch">
        <Switch
          id="ub-publish"
          checked={value.publish}
          onCheckedChange={(v) => onChange((o) => ({ ...o, publish: v }))}
        />
        <Label htmlFor="ub-publish">{b.publish}</Label>
      </div>
    </fieldset>
  )
}
