// The post editor's fields below the titles, in the order of POST_FIELDS (blogPostForm.ts): text
// fields (two side by side where a field is `half`), then the Published switch.
import type { ReactNode } from 'react'
import { Label, Switch, TextField } from '@/components'
import { useT } from '@/i18n'
import {
  POST_INPUTS,
  textSpec,
  type BlogPostForm,
  type PostFormField,
  type PostHintField,
  type PostTextField,
} from './blogPostForm'

export function BlogPostFields({
  form,
  set,
  disabled,
}: {
  form: BlogPostForm
  set: <K extends keyof BlogPostForm>(key: K, value: BlogPostForm[K]) => void
  disabled: boolean
}) {
  const tb = useT().admin.blog
  // A field the editor shows without a label (or a hint it asks for) is a type error here.
  const labels: Record<PostFormField, string> = tb.fields
  const hints: Record<PostHintField, string> = tb.hints
  const text = (key: PostTextField) => {
    const spec = textSpec(key)
    return (
      <TextField
        key={key}
        id={`post-${key}`}
        name={key}
        label={labels[key]}
        value={form[key]}
        onChange={(v) => set(key, v)}
        hint={spec.hint ? hints[key as PostHintField] : undefined}
        rows={spec.rows}
        type={spec.url ? 'url' : 'text'}
        disabled={disabled}
      />
    )
  }
  const out: ReactNode[] = []
  let pending: PostTextField | null = null
  for (const key of POST_INPUTS) {
    if (pending) {
      out.push(
        <div className="admin-grid-2" key={pending}>
          {text(pending)}
          {text(key)}
        </div>,
      )
      pending = null
    } else if (textSpec(key).half) pending = key
    else out.push(text(key))
  }
  return (
    <>
      {out}
      <div className="admin-switch-row">
        <Switch
          id="post-published"
          checked={form.published}
          onCheckedChange={(v) => set('published', v)}
          disabled={disabled}
        />
        <Label htmlFor="post-published">{labels.published}</Label>
      </div>
    </>
  )
}
