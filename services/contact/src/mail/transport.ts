import nodemailer from 'nodemailer'

export interface OutgoingMail {
  from: string
  to: string | { name: string; address: string }
  replyTo: string | { name: string; address: string }
  subject: string
  text: string
  messageId: string
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>
  /** Connects and greets the server without sending anything. */
  verify(): Promise<boolean>
  close(): void
}

/**
 * Pooled SMTP from SMTP_URL (nodemailer reads options from its query, e.g. `?ignoreTLS=true`).
 * Timeouts are short: a hung server must fail the attempt so the job's backoff takes over.
 */
export function createMailer(url: string, maxConnections = 4): Mailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections,
    connectionTimeout: 10000,
    greetingTimeout: 10000,
    socketTimeout: 30000,
  })
  return {
    async send(mail) {
      const info = (await transport.sendMail(mail)) as { messageId?: string }
      return { messageId: info.messageId ?? mail.messageId }
    },
    verify: () =>
      transport.verify().then(
        () => true,
        () => false,
      ),
    close: () => transport.close(),
  }
}

interface SmtpError {
  code?: string
  command?: string
  responseCode?: number
  response?: string
  permanent?: boolean
  message?: string
}

/**
 * A rejection the server will repeat for this message (5xx, e.g. an unknown recipient) or an
 * address nodemailer refuses before sending. Authentication failures are configuration, fixable
 * without the visitor, so they are retried like a server that is down.
 */
export function isPermanent(err: unknown): boolean {
  const e = (err ?? {}) as SmtpError
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH') return false
  if (e.code === 'EENVELOPE' && e.command === 'API') return true
  if (typeof e.permanent === 'boolean') return e.permanent
  return typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode !== 503
}

/** The server could not be reached at all (down, refused, timed out): no SMTP answer was received. */
export function isUnreachable(err: unknown): boolean {
  const e = (err ?? {}) as SmtpError
  return (
    e.responseCode === undefined && ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS'].includes(e.code ?? '')
  )
}

/** A short text for the admin inbox: the server's answer when there is one. */
export function describe(err: unknown): string {
  const e = (err ?? {}) as SmtpError
  const text = e.response ?? e.message ?? String(err)
  return (e.code ? `${e.code}: ${text}` : text).slice(0, 500)
}
