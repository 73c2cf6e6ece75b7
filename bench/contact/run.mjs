// Contact figures: (1) consultation requests per second submitted through the gateway (the API
// stores each one and enqueues its notification; the worker is not running yet), then (2) mails
// per second the worker delivers to a local SMTP server (smtp-server, in this process) for
// everything stored. Checks nothing is lost or doubled: stored == 201 answers, mails == 2 × stored,
// every Message-ID once. Prints JSON and writes bench/results/contact.json.
// Usage: node_modules/.bin/node bench/contact/run.mjs [--requests 1000 --connections 10 --concurrency 2]
import autocannon from 'autocannon'
import mongoose from 'mongoose'
import { SMTPServer } from 'smtp-server'
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureInfra, freePort, waitForPort, root, stopChild } from '../../scripts/lib/infra.mjs'
import { fetchProof } from '../../scripts/lib/altcha.mjs'

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '' },
  },
})
// A fixed number of requests (not a duration), so every answer is counted and compared with what was stored.
const amount = Number(values.requests)
// Jobs per worker process (NOTIFY_CONCURRENCY); empty: the worker's default.
const concurrency = values.concurrency
const connections = Number(values.connections)
const log = (m) => process.stderr.write(`[bench:contact] ${m}\n`)

const build = spawnSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'services/contact', 'gateway'],
  { cwd: root, stdio: 'inherit' },
)
if (build.status !== 0) process.exit(build.status ?? 1)

const children = []
const infra = await ensureInfra({ name: 'bench', log })
const run = `bench_contact_${Date.now().toString(36)}`
const mails = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  closeTimeout: 100,
  onData(stream, _session, cb) {
    const chunks = []
    stream.on('data', (c) => chunks.push(c))
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      mails.push({ at: Date.now(), messageId: /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? '' })
      cb()
    })
  },
})
let db
async function cleanup() {
  for (const c of children.reverse()) await stopChild(c)
  await new Promise((r) => smtp.close(r))
  if (db) {
    await db.dropDatabase().catch(() => undefined)
    await db.close()
  }
  await infra.stop()
}

for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => cleanup().finally(() => process.exit(130)))

try {
  const [servicePort, gatewayPort, workerPort, smtpPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ]
  await new Promise((r) => smtp.listen(smtpPort, '127.0.0.1', r))
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    MONGO_URL: infra.mongoUrl,
    REDIS_URL: infra.redisUrl,
    MONGO_DB: run,
    QUEUE_PREFIX: run,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    CONTACT_RATE_LIMIT: '100000000',
    CONTACT_FORM_BUDGET: '100000000',
    // Proofs are solved before the run (the browser's part); verifying one costs the same at any range.
    CONTACT_POW_MAX_NUMBER: '1000',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000000',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    TEAM_EMAIL: 'team@bench.test',
    MAIL_FROM: 'Bench <no-reply@bench.test>',
  }
  const start = (args, extra) => {
    const c = spawn(process.execPath, args, {
      cwd: root,
      env: { ...env, ...extra },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    children.push(c)
    return c
  }
  start(['services/contact/dist/server.js'], { PORT: String(servicePort) })
  start(['gateway/dist/server.js'], {
    PORT: String(gatewayPort),
    METRICS_PORT: '0',
    CONTACT_URL: `http://127.0.0.1:${servicePort}`,
  })
  await Promise.all([waitForPort(servicePort, 'contact'), waitForPort(gatewayPort, 'gateway')])
  db = mongoose.createConnection(infra.mongoUrl, { dbName: run })
  await db.asPromise()

  let seq = 0
  let proofs = []
  const submits = async (n) => {
    proofs = []
    for (let i = 0; i < n; i++) proofs.push(await fetchProof(`http://127.0.0.1:${gatewayPort}`))
    return autocannon({
      url: `http://127.0.0.1:${gatewayPort}`,
      amount: n,
      connections,
      requests: [
        {
          method: 'POST',
          path: '/api/contacts',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          setupRequest(req) {
            seq++
            const language = ['nl', 'en', 'de'][seq % 3]
            const body = {
              name: `Bench Visitor ${seq}`,
              email: `visitor${seq}@bench.test`,
              company: 'Bench BV',
              phone: '+31 20 000 0000',
              message: `Request ${seq}: we would like an MVP for our idea.`,
              language,
              altcha: proofs[(seq - 1) % proofs.length],
            }
            return { ...req, body: JSON.stringify(body) }
          },
        },
      ],
    })
  }
  const warm = await submits(Math.min(100, amount))
  const r = await submits(amount)
  const answered201 = warm['2xx'] + r['2xx']
  const stored = await db.collection('contacts').countDocuments({})
  log(`stored ${stored} requests; starting the worker`)

  const t0 = Date.now()
  start(['services/contact/dist/worker.js'], {
    WORKER_PORT: String(workerPort),
    ...(concurrency ? { NOTIFY_CONCURRENCY: concurrency } : {}),
  })
  const expected = stored * 2
  const deadline = Date.now() + 600000
  while (mails.length < expected && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50))
  const elapsedS = (Date.now() - t0) / 1000
  const firstMailS = mails.length ? (mails[0].at - t0) / 1000 : null
  const steadyS = mails.length > 1 ? (mails[mails.length - 1].at - mails[0].at) / 1000 : null
  await new Promise((res) => setTimeout(res, 2000)) // anything doubled would arrive now
  const sent = await db.collection('contacts').countDocuments({ 'notification.status': 'sent' })
  const ids = new Set(mails.map((m) => m.messageId))

  const report = {
    bench: 'contact',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, mongo: infra.mongoKind, redis: infra.redisKind },
    settings: {
      requests: amount,
      warmup: warm['2xx'] + warm.non2xx,
      connections,
      notifyConcurrency: concurrency || 'default',
    },
    submit: {
      path: 'POST /api/contacts through the gateway',
      requestsPerSecond: Math.round((r['2xx'] + r.non2xx) / r.duration),
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99 },
      non2xx: r.non2xx + warm.non2xx,
      errors: r.errors + warm.errors,
    },
    delivery: {
      mailsPerSecond: steadyS ? Number((mails.length / steadyS).toFixed(1)) : null,
      requestsPerSecond: steadyS ? Number((mails.length / 2 / steadyS).toFixed(1)) : null,
      workerStartToFirstMailS: firstMailS,
      totalS: Number(elapsedS.toFixed(1)),
    },
    integrity: {
      answered201,
      stored,
      mailsExpected: expected,
      mailsReceived: mails.length,
      distinctMessageIds: ids.size,
      markedSent: sent,
      lost: expected - ids.size,
      doubled: mails.length - ids.size,
    },
    note: 'loader, gateway, service, worker, FerretDB/Redis and the SMTP server share this machine; figures are for comparison within one machine',
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  writeFileSync(join(root, 'bench/results/contact.json'), JSON.stringify(report, null, 2))
  process.stdout.write(JSON.stringify(report, null, 2) + '\n')
} finally {
  await cleanup()
}
