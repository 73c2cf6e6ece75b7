// @tier stack
// Early answers to requests with a body, through the built gateway and a real service: the client's
// reused keep-alive connection must stay usable, never die mid-request.
import t from 'tap'
import { connect, type Socket } from 'node:net'
import { once } from 'node:events'
import { createTestSession } from '@site/service-kit/testing'
// @ts-expect-error the stack launcher is plain JavaScript
import { startStack } from '../../scripts/lib/stack.mjs'

// A small budget for the admin's writes, so the gateway's own 429 can be reached below.
const WRITES = 2
const stack = await startStack({ only: ['blog', 'gateway'], env: { RATE_LIMIT_PER_MINUTE: String(WRITES) } })
t.teardown(() => stack.stop())
const session = await createTestSession(
  stack.env,
  { id: 'admin-early', username: 'webmaster' },
  { secret: stack.env.SESSION_SECRET },
)
const { port } = new URL(stack.url)

t.test('30 anonymous multipart uploads one after another all receive their 401', async (t) => {
  const statuses: (number | string)[] = []
  for (let i = 0; i < 30; i++) {
    const form = new FormData()
    form.set('file', new Blob(['hello']), 'a.txt')
    try {
      const res = await fetch(`${stack.url}/api/blog/upload`, {
        method: 'POST',
        body: form,
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      })
      await res.arrayBuffer()
      statuses.push(res.status)
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause
      statuses.push(cause?.code ?? String(err))
    }
  }
  t.same(statuses, Array(30).fill(401))
})

/** Reads one HTTP/1.1 answer (head and a Content-Length body) from the socket. */
async function readAnswer(socket: Socket): Promise<{ status: number; headers: Record<string, string> }> {
  let buffered = Buffer.alloc(0)
  for (;;) {
    const end = buffered.indexOf('\r\n\r\n')
    if (end >= 0) {
      const [statusLine, ...lines] = buffered.subarray(0, end).toString('latin1').split('\r\n')
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      )
      const length = Number(headers['content-length'] ?? 0)
      if (buffered.length >= end + 4 + length) {
        socket.pause()
        const rest = buffered.subarray(end + 4 + length)
        if (rest.length) socket.unshift(rest)
        return { status: Number(statusLine!.split(' ')[1]), headers }
      }
    }
    const [chunk] = (await Promise.race([once(socket, 'data'), once(socket, 'end').then(() => [null])])) as [
      Buffer | null,
    ]
    if (!chunk)
      throw new Error(
        `the connection was closed (read so far: ${JSON.stringify(buffered.toString('latin1').slice(0, 200))})`,
      )
    buffered = Buffer.concat([buffered, chunk])
  }
}

/**
 * Sends a request's head and the first byte of its body, reads the early answer, only then sends
 * the rest of the body (a slow client: the body is still on its way when the answer comes; the
 * gateway forwards a request to its service with the first byte), then asks again on the same
 * connection.
 */
async function earlyAnswerThenReuse(path: string, headers: Record<string, string>, body: Buffer) {
  const socket = connect(Number(port), '127.0.0.1')
  await once(socket, 'connect')
  try {
    const head = Object.entries({
      host: `127.0.0.1:${port}`,
      'content-length': String(body.length),
      ...headers,
    })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')
    socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`)
    socket.write(body.subarray(0, 1))
    const first = await readAnswer(socket)
    socket.resume()
    socket.write(body.subarray(1))
    socket.write(`GET /api/nothing-here HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`)
    const second = await readAnswer(socket).then(
      (a) => a.status,
      (err: Error) => err.message,
    )
    return { first: first.status, connection: first.headers.connection ?? '', second }
  } finally {
    socket.destroy()
  }
}

const ajax = { 'x-requested-with': 'XMLHttpRequest', origin: stack.url }
const admin = { ...ajax, cookie: session.cookie }
const multipart = (text: string) => {
  const b = 'early-answer-boundary'
  const body = `--${b}\r\ncontent-disposition: form-data; name="file"; filename="a.txt"\r\ncontent-type: text/plain\r\n\r\n${text}\r\n--${b}--\r\n`
  return { type: `multipart/form-data; boundary=${b}`, body: Buffer.from(body) }
}

t.test('after every early answer the same connection serves the next request', async (t) => {
  const upload = multipart('hello '.repeat(2000))
  const json = Buffer.from(JSON.stringify({ title_nl: 'x'.repeat(4000) }))
  // [what, path, headers, body, expected status]; the 415 and the 413 use up the admin's write
  // budget, so the next write is over it. The follow-up request is a 404 of the gateway's own.
  const cases: [string, string, Record<string, string>, Buffer, number][] = [
    [
      '401 from the service (anonymous upload)',
      '/api/blog/upload',
      { ...ajax, 'content-type': upload.type },
      upload.body,
      401,
    ],
    [
      '403 from the service (another site)',
      '/api/blog/upload',
      { ...admin, origin: 'https://evil.example', 'content-type': upload.type },
      upload.body,
      403,
    ],
    [
      '415 from the service (a type it does not read)',
      '/api/blog',
      { ...admin, 'content-type': 'text/x-unknown' },
      json,
      415,
    ],
    [
      '413 from the gateway (over the route limit)',
      '/api/blog/translate-title',
      { ...admin, 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      Buffer.alloc(2 * 1024 * 1024, 32),
      413,
    ],
    [
      '429 from the gateway (over the write budget)',
      '/api/blog',
      { ...admin, 'content-type': 'application/json' },
      json,
      429,
    ],
  ]
  for (const [what, path, headers, body, status] of cases) {
    const res = await earlyAnswerThenReuse(path, headers, body)
    t.same(res, { first: status, connection: 'keep-alive', second: 404 }, what)
  }
})
