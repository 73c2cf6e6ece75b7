import { SMTPServer, type SMTPServerAddress } from 'smtp-server'
import { freePort } from '@site/service-kit/testing'

export interface ReceivedMail {
  from: string
  to: string[]
  headers: Record<string, string>
  subject: string
  text: string
  raw: string
}

export interface SmtpBehaviour {
  /** Recipients the server refuses for good (550), e.g. an unknown mailbox. */
  rejectRecipient?: (address: string) => boolean
  /** Answer the next N messages with a temporary failure (451) after receiving them. */
  failNext?: number
}

/** A real SMTP server in the test process that records what it accepted; it can be stopped and started on its port. */
export async function startSmtp(behaviour: SmtpBehaviour = {}) {
  const port = await freePort()
  const mails: ReceivedMail[] = []
  const waiters: (() => void)[] = []
  let server: SMTPServer | undefined
  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Stopping must not wait for the client's pooled idle connections.
      closeTimeout: 50,
      onRcptTo(address: SMTPServerAddress, _session, cb) {
        if (behaviour.rejectRecipient?.(address.address)) {
          const err = new Error(`5.1.1 <${address.address}>: mailbox unavailable`) as Error & {
            responseCode: number
          }
          err.responseCode = 550
          return cb(err)
        }
        cb()
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          if ((behaviour.failNext ?? 0) > 0) {
            behaviour.failNext!--
            const err = new Error('4.3.0 temporary failure, try again later') as Error & {
              responseCode: number
            }
            err.responseCode = 451
            return cb(err)
          }
          const raw = Buffer.concat(chunks).toString('utf8')
          mails.push({
            ...parse(raw),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          })
          for (const w of waiters.splice(0)) w()
          cb()
        })
      },
    })
    server.on('error', () => {})
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve))
  }
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  await start()
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    behaviour,
    start,
    stop,
    /** Resolves once at least `count` mails arrived (the test's own timeout bounds the wait). */
    async waitFor(count: number) {
      while (mails.length < count) await new Promise<void>((r) => waiters.push(r))
      return mails
    },
  }
}

/** Just enough MIME for the tests: unfolded headers, RFC 2047 words, quoted-printable/base64 text. */
function parse(raw: string): Omit<ReceivedMail, 'from' | 'to'> {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const headers: Record<string, string> = {}
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':')
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim())
  }
  let body = raw.slice(split + 4)
  const cte = (headers['content-transfer-encoding'] ?? '').toLowerCase()
  if (cte === 'quoted-printable') body = qp(body)
  else if (cte === 'base64') body = Buffer.from(body, 'base64').toString('utf8')
  return { headers, subject: headers.subject ?? '', text: body.replace(/\r\n/g, '\n').trim(), raw }
}

function qp(s: string): string {
  const bytes: number[] = []
  const src = s.replace(/=\r\n/g, '')
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(src[i]!, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeWords(v: string): string {
  return v
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    )
}
