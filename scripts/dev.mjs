// `npm run dev`: the development loop. The same database, Redis and ports as `npm start`
// (infra.mjs, processes.mjs, data in .data/dev), but nothing is built: each service, worker and the
// gateway runs from its TypeScript source and restarts on a change to it, the web app goes through
// Vite's dev server (hot module replacement in the browser, pages rendered on the server from
// source), `tsc -b --watch` reports type errors beside the logs, and Ctrl-C stops everything.
// DEV_FREE_PORTS=1 draws free ports for every process (a second copy, the tests).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { bannerLines } from './lib/banner.mjs'
import { devProcessTable } from './lib/dev-processes.mjs'
import { ensureInfra, freePort, InfraError, loadDotEnv, root, waitForPort } from './lib/infra.mjs'
import { wantsPretty } from './lib/log-format.mjs'
import { SERVICE_PORTS, WORKER_PORTS } from './lib/processes.mjs'
import { refuseTakenPorts } from './lib/port-check.mjs'
import { devSessionSecret } from './lib/session-secret.mjs'
import { Supervisor } from './lib/supervisor.mjs'
import { offerDemoContent } from './lib/demo-offer.mjs'

loadDotEnv()
const pretty = wantsPretty(process.stdout)
const say = (m) =>
  process.stdout.write(
    pretty
      ? `\x1b[1m[dev]\x1b[0m ${m}\n`
      : `${JSON.stringify({ level: 30, time: Date.now(), service: 'dev', msg: m })}\n`,
  )

/** Every process's port: npm start's, or free ones (DEV_FREE_PORTS=1). */
async function portsFor() {
  const fixed = { ports: { ...SERVICE_PORTS, ...WORKER_PORTS }, gateway: Number(process.env.PORT ?? 8080) }
  const hmr = Number(process.env.VITE_HMR_PORT ?? 24678)
  if (process.env.DEV_FREE_PORTS !== '1') return { ...fixed, hmr }
  const taken = new Set()
  const draw = async () => {
    let port
    do port = await freePort()
    while (taken.has(port))
    taken.add(port)
    return port
  }
  const ports = {}
  for (const name of [...Object.keys(fixed.ports), 'gateway-metrics']) ports[name] = await draw()
  return { ports, gateway: await draw(), hmr: await draw() }
}

const started = Date.now()
const { ports, gateway: port, hmr } = await portsFor()
await refuseTakenPorts(
  { ...ports, gateway: port, 'vite hmr': hmr },
  say,
  'stop it first, or run a second copy with DEV_FREE_PORTS=1',
)
let infra
try {
  infra = await ensureInfra({ name: 'dev', log: say })
} catch (err) {
  if (!(err instanceof InfraError)) throw err
  say(err.message)
  process.exit(1)
}
for (const line of bannerLines(infra)) say(line)

const origin = `http://localhost:${port}`
const shared = {
  MONGO_URL: infra.mongoUrl,
  REDIS_URL: infra.redisUrl,
  SESSION_SECRET: process.env.SESSION_SECRET ?? devSessionSecret(),
  PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `${origin},http://127.0.0.1:${port}`,
  NODE_ENV: 'development',
  // Loopback only (issue 45): a development stack signs in with a secret kept in .data/dev and
  // serves source files; nobody else on the network reaches it. HOST=0.0.0.0 opens it on purpose.
  HOST: process.env.HOST ?? '127.0.0.1',
}

if (process.env.ADMIN_USERNAME && process.env.ADMIN_PASSWORD) {
  say(`creating or updating the admin account '${process.env.ADMIN_USERNAME}'`)
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs')
  const r = spawnSync(process.execPath, [tsx, 'src/seed.ts'], {
    cwd: join(root, 'services/auth'),
    stdio: 'inherit',
    env: { ...process.env, ...shared, NODE_OPTIONS: '--conditions=site-source' },
  })
  if (r.status !== 0) say('the admin account was not created (see above)')
}

const supervisor = new Supervisor({ pretty })
let stopping = false
async function shutdown(code = 0) {
  if (stopping) return
  stopping = true
  say('stopping...')
  await supervisor.stopAll()
  await infra.stop()
  say('stopped')
  process.exit(code)
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

for (const spec of devProcessTable(shared, port, { hmrPort: hmr, ports })) supervisor.add(spec)
try {
  await waitForPort(port, 'gateway', 180000)
  await waitForPort(ports.web, 'web', 180000)
  // The first page compiles the app's modules for the server (Vite), a few seconds: done here, so
  // the first page a developer opens is quick.
  await fetch(`${origin}/`, { signal: AbortSignal.timeout(120000) })
    .then((r) => r.arrayBuffer())
    .catch(() => undefined)
} catch (err) {
  say(err instanceof InfraError ? err.message : String(err))
  await shutdown(1)
}
say(
  `ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${origin}  (a saved file restarts what uses it; Ctrl-C stops everything)`,
)
await offerDemoContent({ origin, say }).catch((err) => say(`demo content: ${err.message}`))
