// The translation board's counts per language and state, and its filters (what is shown: posts,
// pages, features or the site content; a language; a state), applied together with the button.
import type { FormEvent } from 'react'
import type { TranslationBoard, TranslationLang, TranslationState } from '@site/contracts'
import type { BoardType } from '@/api/translations'
import { Button, Label } from '@/components'
import { texts } from '../../texts'

export const LANGS: TranslationLang[] = ['nl', 'en', 'de']
export const STATES: TranslationState[] = ['missing', 'needs_review', 'stale', 'reviewed', 'published']
export const TYPES: BoardType[] = ['post', 'page', 'feature', 'content']
export type Filters = { type: BoardType; lang: '' | TranslationLang; state: '' | TranslationState }

export function BoardCounts({ counts }: { counts: TranslationBoard['counts'] }) {
  const tt = texts.translations
  return (
    <table className="admin-audit" data-testid="translation-counts" aria-label={tt.counts}>
      <thead>
        <tr>
          <th scope="col">{tt.language}</th>
          {STATES.map((s) => (
            <th key={s} scope="col">
              {tt.states[s]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {LANGS.map((l) => (
          <tr key={l} data-testid={`translation-counts-${l}`}>
            <th scope="row">{l.toUpperCase()}</th>
            {STATES.map((s) => (
              <td key={s} data-state={s}>
                {counts[l][s] ?? 0}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function BoardFilters({
  draft,
  setDraft,
  onApply,
}: {
  draft: Filters
  setDraft: (change: (d: Filters) => Filters) => void
  onApply: () => void
}) {
  const tt = texts.translations
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onApply()
  }
  return (
    <form className="admin-audit__filters" onSubmit={submit} role="search" aria-label={tt.heading}>
      <div>
        <Label htmlFor="translations-type">{tt.type}</Label>
        <select
          id="translations-type"
          className="input"
          value={draft.type}
          onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value as BoardType }))}
        >
          {TYPES.map((k) => (
            <option key={k} value={k}>
              {tt.types[k]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="translations-lang">{tt.language}</Label>
        <select
          id="translations-lang"
          className="input"
          value={draft.lang}
          onChange={(e) => setDraft((d) => ({ ...d, lang: e.target.value as Filters['lang'] }))}
        >
          <option value="">{tt.any}</option>
          {LANGS.map((l) => (
            <option key={l} value={l}>
              {l.toUpperCase()}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="translations-state">{tt.state}</Label>
        <select
          id="translations-state"
          className="input"
          value={draft.state}
          onChange={(e) => setDraft((d) => ({ ...d, state: e.target.value as Filters['state'] }))}
        >
          <option value="">{tt.any}</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {tt.states[s]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">{tt.apply}</Button>
    </form>
  )
}
