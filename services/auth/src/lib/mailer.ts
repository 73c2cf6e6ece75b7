import nodemailer from 'nodemailer'
import type { Config } from '../config.js'

export interface TeamMail {
  to: string
  subject: string
  text: string
}

export interface TeamMailer {
  /** Sends one mail; rejects when the SMTP server refuses or cannot be reached. */
  send(mail: TeamMail): Promise<void>
  close(): void
}

/**
 * The team's mail (invitations, password resets) over the same SMTP server and sender as the
 * contact worker's notifications (SMTP_URL, MAIL_FROM). Short timeouts: the admin waits for an
 * invitation's answer, and a hung server must become a clear 503.
 */
export function createTeamMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): TeamMailer {
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10000,
    greetingTimeout: 10000,
    socketTimeout: 30000,
  })
  return {
    async send(mail) {
      await transport.sendMail({ from: config.MAIL_FROM, ...mail })
    },
    close: () => transport.close(),
  }
}
