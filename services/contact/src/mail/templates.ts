import { CONTACT_REPLY_WITHIN_HOURS, type Locale } from '@site/contracts'

export interface MailContent {
  subject: string
  text: string
}

export interface ContactFields {
  id: string
  name: string
  email: string
  phone: string | null
  company: string | null
  message: string
  language: string
  createdAt: Date
}

const H = CONTACT_REPLY_WITHIN_HOURS

/** The team's copy: every field, so nobody has to open the admin to answer. */
export function teamMail(c: ContactFields): MailContent {
  const lines = [
    'New consultation request from the website.',
    '',
    `Name:     ${c.name}`,
    `Email:    ${c.email}`,
    `Phone:    ${c.phone ?? '-'}`,
    `Company:  ${c.company ?? '-'}`,
    `Language: ${c.language}`,
    `Received: ${c.createdAt.toISOString()}`,
    `Request:  ${c.id}`,
    '',
    'Message:',
    c.message,
    '',
    `Reply to this mail to answer ${c.name} directly. We promised a reply within ${H} hours.`,
  ]
  return {
    subject: `Consultation request from ${c.name}${c.company ? ` (${c.company})` : ''}`,
    text: lines.join('\n'),
  }
}

/**
 * The visitor's confirmation in their language. It deliberately does not repeat the message:
 * anyone can type any address into the form, and we must not mail a stranger's text to a third party.
 */
const confirmations: Record<Locale, (name: string) => MailContent> = {
  nl: (name) => ({
    subject: 'Bedankt voor uw aanvraag',
    text: [
      `Beste ${name},`,
      '',
      `Bedankt voor uw bericht. We hebben uw aanvraag voor een gratis adviesgesprek ontvangen en nemen binnen ${H} uur contact met u op.`,
      '',
      'Met vriendelijke groet,',
      'Het team',
    ].join('\n'),
  }),
  en: (name) => ({
    subject: 'Thank you for your request',
    text: [
      `Dear ${name},`,
      '',
      `Thank you for your message. We have received your request for a free consultation and will get back to you within ${H} hours.`,
      '',
      'Kind regards,',
      'The team',
    ].join('\n'),
  }),
  de: (name) => ({
    subject: 'Vielen Dank für Ihre Anfrage',
    text: [
      `Hallo ${name},`,
      '',
      `vielen Dank für Ihre Nachricht. Wir haben Ihre Anfrage für eine kostenlose Beratung erhalten und melden uns innerhalb von ${H} Stunden bei Ihnen.`,
      '',
      'Mit freundlichen Grüßen',
      'Ihr Team',
    ].join('\n'),
  }),
}

export function visitorMail(c: Pick<ContactFields, 'name' | 'language'>): MailContent {
  const make = confirmations[c.language as Locale] ?? confirmations.nl
  return make(c.name)
}
