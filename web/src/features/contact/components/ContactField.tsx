// One labelled control of the contact forms (dialog and home form), bound to useContactForm.
// The two screens choose which fields, their ids, labels, rows and layout.
import type { HTMLInputTypeAttribute } from 'react'
import { Field, Input, Textarea } from '@/components'
import type { ContactFields } from '../lib/contactFields'
import type { useContactForm } from './useContactForm'

type Form = Pick<ReturnType<typeof useContactForm>, 'fields' | 'set'>

const INPUTS: Record<
  Exclude<keyof ContactFields, 'message'>,
  { type?: HTMLInputTypeAttribute; autoComplete: string; required?: boolean }
> = {
  name: { autoComplete: 'name', required: true },
  email: { type: 'email', autoComplete: 'email', required: true },
  phone: { type: 'tel', autoComplete: 'tel' },
  company: { autoComplete: 'organization' },
}

interface Props {
  form: Form
  name: keyof ContactFields
  id: string
  label: string
  /** Rows of the message textarea. */
  rows?: number
}

export function ContactField({ form, name, id, label, rows }: Props) {
  const common = { id, name, value: form.fields[name], onChange: form.set(name) }
  if (name === 'message') {
    return (
      <Field label={label} htmlFor={id} required>
        <Textarea {...common} rows={rows} required aria-required />
      </Field>
    )
  }
  const { type, autoComplete, required } = INPUTS[name]
  return (
    <Field label={label} htmlFor={id} required={required}>
      <Input
        {...common}
        type={type}
        autoComplete={autoComplete}
        required={required}
        aria-required={required || undefined}
      />
    </Field>
  )
}
