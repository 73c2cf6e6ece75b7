// The post editor's languages (issue 47 #4, docs/editorial.md "Translations"): each language's state
// (stale, needs review, reviewed by whom and when, published), and for a translation its source
// beside it field by field, with what changed in the source since it was translated (SourceBeside).
import { useState } from 'react'
import type { BlogPost, TranslationLang } from '@site/contracts'
import { plainText } from '@site/contracts/text'
import { localDateTime } from '../../lib/localTime'
import { texts } from '../../texts'
import { SourceBeside } from '../translations/SourceBeside'
import type { BlogPostForm } from './blogPostForm'

const LANGS: TranslationLang[] = ['nl', 'en', 'de']
const FIELDS = ['title', 'excerpt', 'content', 'meta_description'] as const

/** A field's text as the editor has it now: the form's value where the form edits it, else the post's. */
function valueOf(post: BlogPost, form: BlogPostForm, key: string): string {
  const v = key in form ? form[key as keyof BlogPostForm] : post[key as keyof BlogPost]
  return typeof v === 'string' ? plainText(v) : ''
}

export function SideBySide({ post, form }: { post: BlogPost; form: BlogPostForm }) {
  const tt = texts.translations
  const ts = tt.side
  const states = post.translations
  const [open, setOpen] = useState<TranslationLang | null>(null)
  if (!states) return null
  const chosen = open ? states[open] : null
  const source = chosen?.source_lang as TranslationLang | null | undefined
  return (
    <section className="admin-note" aria-label={ts.label} data-testid="post-languages">
      <div role="tablist" aria-label={ts.heading} className="admin-switch-row">
        {LANGS.map((l) => {
          const s = states[l]
          const name = s.source_lang ? ts.languages[l]! : ts.sourceOf(ts.languages[l]!)
          const reviewed =
            s.reviewed_by && s.reviewed_at
              ? `, ${ts.reviewedBy(s.reviewed_by, localDateTime(s.reviewed_at))}`
              : ''
          return (
            <button
              key={l}
              type="button"
              role="tab"
              aria-selected={open === l}
              disabled={!s.source_lang}
              data-testid={`post-language-${l}`}
              onClick={() => setOpen(open === l ? null : l)}
            >
              {name}: {tt.states[s.state]}
              {reviewed}
            </button>
          )
        })}
      </div>
      {open && source ? (
        <div role="tabpanel" aria-label={ts.compare(ts.languages[open]!)} data-testid="side-by-side">
          <SourceBeside
            type="post"
            id={post.id}
            version={post.updated_at}
            lang={open}
            source={source}
            stale={Boolean(chosen?.stale)}
            fields={FIELDS}
            valueOf={(key) => valueOf(post, form, key)}
          />
        </div>
      ) : null}
    </section>
  )
}
