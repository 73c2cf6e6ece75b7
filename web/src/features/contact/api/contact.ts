// POST /api/contacts (spec §7, docs/api.md). Validation of spec §5: name, email and message present,
// email in email format; phone and company optional. Any failure shows the generic error toast.
import { isEmailAddress } from '@site/contracts/rules'
import { postJson } from '@/lib/api'
import type { ContactCreateBody, Locale as Language } from '@site/contracts'

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

export function sendContact(f: ContactFields, language: Language) {
  const body: ContactCreateBody = {
    name: f.name.trim(),
    email: f.email.trim(),
    phone: f.phone.trim(),
    company: f.company.trim(),
    message: f.message.trim(),
    language,
    website: '', // honeypot: people never fill it
  }
  return postJson<{ id: string; ok: true }>('/api/contacts', body)
}
