import { badRequest } from '@site/service-kit'
import {
  CHAT_SESSION_ID_PATTERN,
  DEFAULT_LOCALE,
  LOCALES,
  type ContactCreateBody,
  type Locale,
} from '@site/contracts'
import { isEmailAddress } from '@site/contracts/rules'

export interface ContactInput {
  name: string
  email: string
  message: string
  phone: string | null
  company: string | null
  language: Locale
  chatSessionId: string | null
}

const CHAT_SESSION_ID = new RegExp(CHAT_SESSION_ID_PATTERN)

/** The chat session the form was sent from; anything else is dropped (a request is never refused for it). */
export const pickChatSession = (value: string | null | undefined) =>
  typeof value === 'string' && CHAT_SESSION_ID.test(value) ? value : null

/** One line: mail headers and the inbox list must never receive line breaks from a visitor. */
const oneLine = (s: string) => s.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()
const optional = (s: string | null | undefined) => {
  const v = typeof s === 'string' ? oneLine(s) : ''
  return v === '' ? null : v
}

export function pickLanguage(value: string | null | undefined): Locale {
  const code = (value ?? '').trim().slice(0, 2).toLowerCase()
  return (LOCALES as readonly string[]).includes(code) ? (code as Locale) : DEFAULT_LOCALE
}

/** Schema types and lengths are checked by Ajv; this checks content and normalizes. */
export function parseContact(body: ContactCreateBody): ContactInput {
  const name = oneLine(body.name)
  if (!name) throw badRequest('Please enter your name.', 'NAME_REQUIRED')
  const email = oneLine(body.email)
  if (!email) throw badRequest('Please enter your email address.', 'EMAIL_REQUIRED')
  if (!isEmailAddress(email)) throw badRequest('Must be a valid email address', 'EMAIL_INVALID')
  // Keep the visitor's line breaks, drop other control characters.
  const message = body.message
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .trim()
  if (!message) throw badRequest('Please enter a message.', 'MESSAGE_REQUIRED')
  return {
    name,
    email,
    message,
    phone: optional(body.phone),
    company: optional(body.company),
    language: pickLanguage(body.language),
    chatSessionId: pickChatSession(body.chatSessionId),
  }
}

/** A honeypot counts as filled when it holds anything but whitespace. */
export function honeypotFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false
  if (typeof value === 'string') return value.trim() !== ''
  return true
}
