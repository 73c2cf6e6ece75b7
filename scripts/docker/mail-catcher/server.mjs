// An SMTP sink for docker compose where Mailpit cannot be pulled (no Docker Hub). It keeps the
// last mails in memory and answers the part of Mailpit's HTTP API the stack check reads, so the
// same check runs against Mailpit and against this:
//   GET /api/v1/messages          { total, messages: [{ ID, From, To, Subject, Created, Size }] }
//   GET /api/v1/message/:id       the same fields plus Text (the raw body after the headers)
//   DELETE /api/v1/messages       forgets them all
//   GET /livez                    200
// SMTP on 1025 (any or no AUTH accepted), HTTP on 8025, as Mailpit.
import { createServer } from 'node:http'
import { SMTPServer } from 'smtp-server'

const keep = Number(process.env.MAX_MESSAGES ?? 500)
const messages = []
let next = 1

/** Headers of a raw message, unfolded and lower-cased by name. */
function headers(raw) {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ')
  const out = {}
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':')
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim()
  }
  return out
}

/** RFC 2047 encoded words (=?utf-8?B?...?= and ?Q?), as nodemailer writes non-ASCII subjects. */
function decodeWords(value = '') {
  return value.replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_, _charset, enc, text) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-Fa-f]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  )
}

const address = (a) => ({ Name: '', Address: a.address })

const smtp = new SMTPServer({
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  onAuth: (_auth, _session, cb) => cb(null, { user: 'any' }),
  onData(stream, session, cb) {
    const chunks = []
    stream.on('data', (c) => chunks.push(c))
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const h = headers(raw)
      messages.unshift({
        ID: String(next++),
        From: address(session.envelope.mailFrom || { address: '' }),
        To: session.envelope.rcptTo.map(address),
        Subject: decodeWords(h.subject),
        Created: new Date().toISOString(),
        Size: raw.length,
        Text: raw
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n\n'),
      })
      messages.length = Math.min(messages.length, keep)
      cb()
    })
  },
})

const http = createServer((req, res) => {
  const send = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const url = new URL(req.url ?? '/', 'http://x')
  if (url.pathname === '/livez') return send(200, { ok: true })
  if (url.pathname === '/api/v1/messages' && req.method === 'GET')
    return send(200, { total: messages.length, messages: messages.map(({ Text: _t, ...m }) => m) })
  if (url.pathname === '/api/v1/messages' && req.method === 'DELETE') {
    messages.length = 0
    return send(200, { ok: true })
  }
  const m = /^\/api\/v1\/message\/([^/]+)$/.exec(url.pathname)
  const found = m && messages.find((x) => x.ID === m[1])
  if (found) return send(200, found)
  send(404, { error: 'not found' })
})

smtp.listen(1025, '0.0.0.0', () => console.log('mail-catcher: SMTP on 1025'))
http.listen(8025, '0.0.0.0', () => console.log('mail-catcher: HTTP on 8025'))
for (const sig of ['SIGTERM', 'SIGINT'])
  process.on(sig, () => {
    smtp.close(() => {})
    http.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 2000).unref()
  })
