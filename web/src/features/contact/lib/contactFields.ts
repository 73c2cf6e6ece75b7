// The contact form's fields and their check (spec §5): name, email and message present, email in
// email format; phone and company optional. Any failure shows the generic error toast.
import type { ContactCreateBody, Locale } from '@site/contracts'
import { isEmailAddress } from '@site/contracts/rules'

export interface ContactFields {
  name: string
  email: string
  phone: string
  company: string
  message: string
}
export const EMPTY_CONTACT: ContactFields = { name: '', email: '', phone: '', company: '', message: '' }

export function isValidContact(f: ContactFields): boolean {
  return f.name.trim() !== '' && f.message.trim() !== '' && isEmailAddress(f.email.trim())
}

/** The POST /api/contacts body of the form (trimmed; the honeypot empty; the chat it came from, if any). */
export function toContactBody(
  f: ContactFields,
  language: Locale,
  chatSessionId: string | null = null,
): ContactCreateBody {
  return {
    name: f.name.trim(),
    email: f.email.trim(),
    phone: f.phone.trim(),
    company: f.company.trim(),
    message: f.message.trim(),
    language,
    website: '', // honeypot: people never fill it
    ...(chatSessionId ? { chatSessionId } : {}),
  }
}
