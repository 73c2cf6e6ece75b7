// @tier stack
// What Kubernetes does to a pod at every rollout and scale-down: SIGTERM while requests are in
// flight. The gateway (built, from dist, as in the image) runs as a child process in front of an
// upstream that holds every slow request until the test lets it go. After SIGTERM, requests
// already in flight must finish with their full answer, new connections must be refused (or
// answered 503) without a hang or a reset, and the process must exit 0.
import t from 'tap'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import http from 'node:http'
import { join } from 'node:path'
import { freePort, waitForPort } from '@site/service-kit/testing'
import { repoRoot } from './lib.js'

const server = join(repoRoot, 'gateway/dist/server.js')
const IN_FLIGHT = 20

interface Answer {
  status?: number
  body?: string
  error?: string
}

/** One request on its own connection (no keep-alive pool), as separate clients would send it. */
function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, agent: false, headers: { connection: 'close' } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode, body }))
        res.on('error', (err) =>
          resolve({ status: res.statusCode, error: (err as NodeJS.ErrnoException).code ?? err.message }),
        )
      },
    )
    req.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }))
  })
}

// A connection still in the kernel's accept queue when the listening socket closes is reset
// before the server ever saw it (no status, no bytes): like a refusal, nothing was processed and a
// client or ingress may retry it. A reset after an answer had started would count as unclean.
const refusedCleanly = (a: Answer) =>
  a.error === 'ECONNREFUSED' || (a.error === 'ECONNRESET' && a.status === undefined) || a.status === 503

t.test('SIGTERM under load: in-flight requests finish, new ones are refused, exit 0', async (t) => {
  if (!existsSync(server))
    return t.fail('gateway/dist/server.js is missing: run `npx tsc -b gateway` (npm test builds it)')

  // The upstream: /api/auth/slow waits for release(); everything else answers at once.
  const held: http.ServerResponse[] = []
  const upstream = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/auth/slow')) held.push(res)
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"fast":true}')
  })
  const upstreamPort = await freePort()
  await new Promise<void>((r) => upstream.listen(upstreamPort, '127.0.0.1', r))
  const release = () => {
    for (const res of held.splice(0))
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ done: true, pad: 'x'.repeat(4096) }))
  }
  t.teardown(() => {
    release()
    upstream.closeAllConnections()
    upstream.close()
  })

  const port = await freePort()
  const base = `http://127.0.0.1:${upstreamPort}`
  const child = spawn(process.execPath, [server], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_MS: '20000',
      METRICS_PORT: '0',
      ...Object.fromEntries(
        ['AUTH', 'CONTENT', 'BLOG', 'CHAT', 'CONTACT', 'WEB'].map((s) => [`${s}_URL`, base]),
      ),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.on('exit', (code, signal) => r({ code, signal })),
  )
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  await waitForPort(port, 30000)
  t.equal((await get(port, '/api/auth/fast')).status, 200, 'the gateway proxies before the signal')

  // Load: IN_FLIGHT slow requests held upstream, plus a stream of fast ones that never stops.
  const slow = Array.from({ length: IN_FLIGHT }, () => get(port, '/api/auth/slow'))
  while (held.length < IN_FLIGHT) await new Promise((r) => setTimeout(r, 20))
  let loading = true
  const fast: Answer[] = []
  const loader = (async () => {
    while (loading) fast.push(await get(port, '/api/auth/fast'))
  })()

  child.kill('SIGTERM')
  // New connections are turned away while the held requests are still in flight.
  let refused: Answer = {}
  for (let i = 0; i < 500 && !refusedCleanly(refused); i++) {
    refused = await get(port, '/api/auth/fast')
    if (!refusedCleanly(refused)) await new Promise((r) => setTimeout(r, 10))
  }
  t.ok(
    refusedCleanly(refused),
    `a new request after SIGTERM is refused cleanly (${refused.error ?? refused.status})`,
  )
  t.equal(held.length, IN_FLIGHT, 'the in-flight requests were still waiting upstream meanwhile')
  t.equal(child.exitCode, null, 'the process waits for them instead of exiting')

  release()
  const answers = await Promise.all(slow)
  t.same(
    answers.map((a) => a.status),
    Array(IN_FLIGHT).fill(200),
    'every in-flight request finished with 200',
  )
  t.ok(
    answers.every((a) => a.body && JSON.parse(a.body).done === true),
    'with its complete body',
  )

  const { code, signal } = await exited
  loading = false
  await loader
  t.equal(code, 0, `exits 0 after draining (signal ${signal})`)
  const unclean = fast.filter((a) => a.status !== 200 && !refusedCleanly(a))
  t.same(
    unclean,
    [],
    `${fast.length} requests of the fast stream: each answered 200 or refused cleanly, none reset or hung`,
  )
})
