// The text fields of the post editor below the titles: slug, excerpts, contents, author, featured
// image, and the Published switch.
import { Label, Switch, TextField } from '@/components'
import { useT } from '@/i18n'
import type { BlogPostForm } from './blogPostForm'

type TextKey = Exclude<keyof BlogPostForm, 'published'>

export function BlogPostFields({
  form,
  set,
  disabled,
}: {
  form: BlogPostForm
  set: <K extends keyof BlogPostForm>(key: K, value: BlogPostForm[K]) => void
  disabled: boolean
}) {
  const t = useT().admin
  const tb = t.blog
  const text = (key: TextKey, label: string, opts: { rows?: number; hint?: string; type?: string } = {}) => (
    <TextField
      id={`post-${key}`}
      name={key}
      label={label}
      value={form[key]}
      onChange={(v) => set(key, v)}
      hint={opts.hint}
      rows={opts.rows}
      type={opts.type ?? 'text'}
      disabled={disabled}
    />
  )
  return (
    <>
      {text('slug', tb.slug, { hint: tb.slugHint })}
      <div className="admin-grid-2">
        {text('excerpt_nl', tb.excerptNl, { rows: 3 })}
        {text('excerpt_en', tb.excerptEn, { rows: 3 })}
      </div>
      {text('content_nl', tb.contentNl, { rows: 8, hint: tb.contentHint })}
      {text('content_en', tb.contentEn, { rows: 8, hint: tb.contentHint })}
      <div className="admin-grid-2">
        {text('author', tb.author, { hint: tb.authorHint })}
        {text('featured_image', tb.featuredImage, { type: 'url' })}
      </div>
      <div className="admin-switch-row">
        <Switch
          id="post-published"
          checked={form.published}
          onCheckedChange={(v) => set('published', v)}
          disabled={disabled}
        />
        <Label htmlFor="post-published">{t.publishedLabel}</Label>
      </div>
    </>
  )
}
