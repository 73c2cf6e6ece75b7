// `npm test`: build, provide MongoDB and Redis (as for npm start, but with a fresh database folder),
// run the whole tap suite against them, then stop what was started. Arguments go to tap,
// e.g. `npm test -- services/auth`.
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { ensureInfra, InfraError, root } from './lib/infra.mjs'

const say = (m) => process.stdout.write(`[test] ${m}\n`)

// SKIP_BUILD=1 runs the tests on the current builds (handy while another workspace is mid-change).
for (const [cmd, args] of process.env.SKIP_BUILD === '1'
  ? []
  : [
      [process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b']],
      ['npm', ['run', 'build', '-w', 'web', '--silent']],
    ]) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

let infra
try {
  infra = await ensureInfra({ name: 'test', log: say, fresh: true })
} catch (err) {
  if (err instanceof InfraError) {
    say(err.message)
    process.exit(1)
  }
  throw err
}
say(`MongoDB: ${infra.mongoKind}; Redis: ${infra.redisKind}`)

const tap = spawn(
  process.execPath,
  [join(root, 'node_modules/tap/dist/esm/run.mjs'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MONGO_URL: infra.mongoUrl, REDIS_URL: infra.redisUrl },
  },
)
let interrupted = false
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    interrupted = true
    tap.kill(sig)
  })
}
const code = await new Promise((resolve) => tap.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))))
await infra.stop()
process.exit(interrupted ? 130 : code)
