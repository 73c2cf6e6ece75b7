// The whole system (services, workers, web, gateway) from the dist builds on free ports, for
// end-to-end and browser tests: `const stack = await startStack({ env })`, then `stack.url`, and
// `await stack.stop()`. MONGO_URL and REDIS_URL come from the caller's environment (npm test sets
// them); each stack gets its own databases (MONGO_DB per service) and queue prefix.
import { randomBytes } from 'node:crypto'
import { freePort, waitForPort } from './infra.mjs'
import { processTable, SERVICE_PORTS, WORKER_PORTS } from './processes.mjs'
import { Supervisor } from './supervisor.mjs'
import { Writable } from 'node:stream'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { root } from './infra.mjs'

/**
 * @param {{ env?: Record<string,string>, only?: string[], quiet?: boolean, startTimeoutMs?: number, onSpawn?: (name: string, child: import('node:child_process').ChildProcess) => void, id?: string }} [opts]
 *   env: extra environment for every process (e.g. OPENAI_BASE_URL, SMTP_URL, ADMIN_*);
 *   only: names of processes to run (default all); quiet: drop their logs (default: unless STACK_LOGS=1);
 *   onSpawn: called with (name, child) after every start or restart of a process;
 *   startTimeoutMs: how long the processes may take to listen and be ready (default 60 s);
 *   id: the stack's id, which names its databases (`stack_<id>_<service>`) and queue prefix
 *   (`stack_<id>`); random by default (a restore test fills them before the stack starts).
 */
export async function startStack(opts = {}) {
  const id = opts.id ?? randomBytes(4).toString('hex')
  const names = [...Object.keys(SERVICE_PORTS), ...Object.keys(WORKER_PORTS)]
  // Distinct ports: nothing listens on them until the processes start, so a draw may repeat.
  const taken = new Set()
  const distinctPort = async () => {
    let port
    do port = await freePort()
    while (taken.has(port))
    taken.add(port)
    return port
  }
  const ports = {}
  for (const n of names) ports[n] = await distinctPort()
  const gatewayPort = await distinctPort()
  ports['gateway-metrics'] = await distinctPort()
  const base = {
    MONGO_URL: process.env.MONGO_URL,
    REDIS_URL: process.env.REDIS_URL,
    SESSION_SECRET: `stack-session-secret-${id}-0123456789abcdef`,
    PUBLIC_ORIGIN: `http://127.0.0.1:${gatewayPort},http://localhost:${gatewayPort}`,
    QUEUE_PREFIX: `stack_${id}`,
    LOG_LEVEL: process.env.STACK_LOG_LEVEL ?? 'warn',
    // The gateway holds every strong ETag to the hash of its body (a 500 otherwise): its compressed
    // copies are shared by tag, so every test through a stack checks that convention.
    ETAG_CHECK: 'true',
    // Every test client is 127.0.0.1: the per-address page budget is tested on its own
    // (gateway/test/shared-cache-bypass.test.ts), here it would only count the whole suite as one visitor.
    RATE_LIMIT_PAGE_MISSES_PER_MINUTE: '1000000',
    ...opts.env,
  }
  if (!base.MONGO_URL || !base.REDIS_URL)
    throw new Error('startStack needs MONGO_URL and REDIS_URL (run through npm test)')
  const quiet = opts.quiet ?? process.env.STACK_LOGS !== '1'
  const out = quiet ? new Writable({ write: (_c, _e, cb) => cb() }) : process.stderr
  const supervisor = new Supervisor({ out, onSpawn: opts.onSpawn })
  const table = processTable(base, gatewayPort, ports).filter((p) => !opts.only || opts.only.includes(p.name))
  for (const spec of table) {
    // Each service gets its own database for this stack.
    const svc = spec.name.replace(/-worker$/, '')
    supervisor.add({ ...spec, env: { ...spec.env, MONGO_DB: `stack_${id}_${svc}` } })
  }
  const stop = async () => {
    await supervisor.stopAll()
  }
  try {
    // STACK_START_TIMEOUT_MS: a slower limit for a loaded machine (fresh databases make the
    // services' first index builds slow when many stacks start at once).
    const timeout = opts.startTimeoutMs ?? Number(process.env.STACK_START_TIMEOUT_MS ?? 120000)
    await Promise.all(table.map((p) => waitForPort(p.port, p.name, timeout)))
    // Wait for readiness through the gateway (databases connected), not only open ports.
    const end = Date.now() + timeout
    const url = `http://127.0.0.1:${gatewayPort}`
    while (Date.now() < end) {
      const res = await fetch(`${url}/api/health`).catch(() => null)
      if (res?.ok || (opts.only && res)) break
      await new Promise((r) => setTimeout(r, 200))
    }
    /** Creates or updates an admin account with the auth service's own seed command. */
    const seedAdmin = (username, password) => {
      const r = spawnSync(process.execPath, [join(root, 'services/auth/dist/seed.js')], {
        env: {
          ...process.env,
          ...base,
          MONGO_DB: `stack_${id}_auth`,
          ADMIN_USERNAME: username,
          ADMIN_PASSWORD: password,
        },
        encoding: 'utf8',
      })
      if (r.status !== 0) throw new Error(`admin seed failed: ${r.stderr || r.stdout}`)
    }
    return { url, ports: { ...ports, gateway: gatewayPort }, env: base, supervisor, stop, seedAdmin }
  } catch (err) {
    await stop()
    throw err
  }
}
