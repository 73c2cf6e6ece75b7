// The post editor's fields below the titles, in the order of POST_FIELDS (blogPostForm.ts): text
// fields (two side by side where a field is `half`), then the Published switch.
import type { ReactNode } from 'react'
import { Label, Switch, TextField } from '@/components'
import { ScheduleFields } from '../../components/schedule/Schedule'
import {
  POST_INPUTS,
  textSpec,
  type BlogPostForm,
  type PostHintField,
  type PostTextField,
} from './blogPostForm'
import { texts } from '../../texts'
import { MediaPickerButton } from '../media/MediaPicker'
import { BodyField } from '../../components/editor/BodyField'
import { roleCan } from '@site/contracts/role-table'
import { useAuth } from '@/stores/auth'

export function BlogPostFields({
  form,
  set,
  disabled,
}: {
  form: BlogPostForm
  set: <K extends keyof BlogPostForm>(key: K, value: BlogPostForm[K]) => void
  disabled: boolean
}) {
  // Every field the editor shows has its label, and its hint when it asks for one (texts/blog.ts).
  const { fields: labels, hints } = texts.blog
  const canPublish = roleCan(
    useAuth((s) => s.user?.role),
    'content.publish',
  )
  const text = (key: PostTextField) => {
    const spec = textSpec(key)
    const field = (
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
    // The library beside the featured image's URL.
    if (key === 'featured_image')
      return (
        <div key={key} className="admin-picker-field">
          {field}
          <MediaPickerButton onPick={(url) => set(key, url)} disabled={disabled} />
        </div>
      )
    // A body: the rich text editor, its HTML one switch away (BodyField).
    if (key === 'content_nl' || key === 'content_en')
      return (
        <BodyField
          key={key}
          field={key}
          id={`post-${key}`}
          label={labels[key]}
          value={form[key]}
          onChange={(v) => set(key, v)}
          hint={hints[key]}
          rows={spec.rows ?? 8}
          disabled={disabled}
        />
      )
    return field
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
  // An author (issue 46) writes drafts: publishing and scheduling are an editor's (the server refuses them too).
  if (!canPublish)
    return (
      <>
        {out}
        <p className="admin-muted" data-testid="post-publish-hidden">
          {texts.blog.publishByEditor}
        </p>
      </>
    )
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
      <ScheduleFields idPrefix="post" values={form} set={set} disabled={disabled} />
    </>
  )
}
