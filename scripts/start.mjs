// `npm start`: build, provide MongoDB and Redis, seed the admin, run every service, both workers,
// the web app and the gateway under one supervisor, and stop all of it on Ctrl-C.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { ensureInfra, InfraError, loadDotEnv, root, waitForPort } from './lib/infra.mjs'
import { processTable, registry, SERVICE_PORTS, WORKER_PORTS } from './lib/processes.mjs'
import { refuseTakenPorts } from './lib/port-check.mjs'
import { Supervisor } from './lib/supervisor.mjs'
import { wantsPretty } from './lib/log-format.mjs'
import { bannerLines } from './lib/banner.mjs'
import { devSessionSecret } from './lib/session-secret.mjs'
import { recordStack } from './lib/stack-file.mjs'

loadDotEnv()
// Pretty on a terminal, JSON lines otherwise or with LOG_FORMAT=json (docs/operations.md).
const pretty = wantsPretty(process.stdout)
const say = (m) =>
  process.stdout.write(
    pretty
      ? `\x1b[1m[start]\x1b[0m ${m}\n`
      : `${JSON.stringify({ level: 30, time: Date.now(), service: 'start', msg: m })}\n`,
  )

/** Runs a step to its end; a failed one ends `npm start` unless `exit` is false (then: false). */
function run(cmd, args, opts = {}, exit = true) {
  // In JSON mode the builds' own output goes to stderr, so stdout holds only JSON lines.
  const r = spawnSync(cmd, args, { cwd: root, stdio: pretty ? 'inherit' : ['inherit', 2, 2], ...opts })
  if (r.status === 0) return true
  say(`${cmd} ${args.join(' ')} failed`)
  if (exit) process.exit(1)
  return false
}

const started = Date.now()
const port = Number(process.env.PORT ?? 8080)
await refuseTakenPorts(
  { ...SERVICE_PORTS, ...WORKER_PORTS, gateway: port, 'gateway metrics': registry.gateway.metricsPort },
  say,
  'stop it first (`npm run dev` runs beside it with DEV_FREE_PORTS=1)',
)

let infra
try {
  infra = await ensureInfra({ name: 'dev', log: say })
} catch (err) {
  if (err instanceof InfraError) {
    say(err.message)
    process.exit(1)
  }
  throw err
}
// The infrastructure first, so the first lines say what runs where (banner.mjs); then the build.
for (const line of bannerLines(infra)) say(line)
// For `npm run backup` / `npm run restore` (stack-file.mjs).
const forgetStack = recordStack(infra, port)

say('building (tsc -b, vite build)...')
const built =
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b'], {}, false) &&
  run('npm', ['run', 'build', '-w', 'web', '--silent'], {}, false)
if (!built) {
  await infra.stop()
  forgetStack()
  process.exit(1)
}

const shared = {
  MONGO_URL: infra.mongoUrl,
  REDIS_URL: infra.redisUrl,
  SESSION_SECRET: process.env.SESSION_SECRET ?? devSessionSecret(),
  PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${port},http://127.0.0.1:${port}`,
}

const seed = join(root, 'services/auth/dist/seed.js')
if (process.env.ADMIN_USERNAME && process.env.ADMIN_PASSWORD && existsSync(seed)) {
  say(`creating or updating the admin account '${process.env.ADMIN_USERNAME}'`)
  run(process.execPath, [seed], { env: { ...process.env, ...shared } })
}

const supervisor = new Supervisor({ pretty })
let stopping = false
async function shutdown(code = 0) {
  if (stopping) return
  stopping = true
  say('stopping...')
  await supervisor.stopAll()
  await infra.stop()
  forgetStack()
  say('stopped')
  process.exit(code)
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

for (const spec of processTable(shared, port)) supervisor.add(spec)
try {
  // Every process starts at once; a loaded machine may take a while (the test stacks allow as long).
  await waitForPort(port, 'gateway', 120000)
} catch (err) {
  say(err instanceof InfraError ? err.message : String(err))
  await shutdown(1)
}
say(
  `ready in ${((Date.now() - started) / 1000).toFixed(1)} s: http://localhost:${port}  (Ctrl-C stops everything)`,
)
