// The admin's row of labelled fields with its submit button (Audit's filters, Analytics' period,
// the Users tab's invitation), and one labelled field of it.
import type { FormEvent, ReactNode } from 'react'
import { Button, Label } from '@/components'

export function FilterForm({
  label,
  search,
  submit,
  onSubmit,
  after,
  children,
}: {
  /** The form's accessible name. */
  label: string
  /** A search landmark (filters of a list). */
  search?: boolean
  /** The submit button's text. */
  submit: string
  onSubmit: (e: FormEvent) => void
  /** After the submit button (another action). */
  after?: ReactNode
  children: ReactNode
}) {
  return (
    <form
      className="admin-audit__filters"
      onSubmit={onSubmit}
      role={search ? 'search' : undefined}
      aria-label={label}
    >
      {children}
      <Button type="submit">{submit}</Button>
      {after}
    </form>
  )
}

export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  )
}

/** A select of plain values (each its own label), after an optional "any" choice of value ''. */
export function Choice<V extends string>({
  id,
  value,
  values,
  any,
  onChange,
}: {
  id: string
  value: V | ''
  values: readonly V[]
  any?: string
  onChange: (value: V) => void
}) {
  return (
    <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as V)}>
      {any !== undefined ? <option value="">{any}</option> : null}
      {values.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </select>
  )
}
