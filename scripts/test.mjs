// `npm test`: the suite by tiers (scripts/lib/test-tiers.mjs; README, "Tests"), each file in the
// tier its first line declares. unit runs first, with no database, no Redis and no build (the kit
// and the contracts from source: tap's node arguments carry `--conditions=site-source`); then MongoDB
// and Redis are provided (as for npm start, with a fresh database folder) for services and stack.
// The build (tsc -b and the web's Vite builds), which only the stack tier needs, runs beside the
// unit tier (and is done before services start: their timed promises keep the machine to themselves).
//   node scripts/test.mjs [--tier unit|services|stack]... [--watch] [paths...] [tap options...]
// Paths keep to those files or folders (`npm test -- services/auth`); other arguments go to tap.
// SKIP_BUILD=1 runs the stack tier on the current builds. Coverage of the unit and services tiers
// (scripts/lib/coverage.mjs) is printed after them and held to coverage-floors.json when the whole
// of both ran; COVERAGE=off leaves it out.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { ensureInfra, InfraError, root } from './lib/infra.mjs'
import { coverageDirs, reportCoverage, resetCoverage } from './lib/coverage.mjs'
import { filesByTier, TIERS, undeclaredMessage } from './lib/test-tiers.mjs'
import { watchTests } from './lib/test-watch.mjs'

const say = (m) => process.stdout.write(`[test] ${m}\n`)

const tiers = []
const paths = []
const tapArgs = []
let watch = false
const argv = process.argv.slice(2)
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]
  if (a === '--tier' || a.startsWith('--tier=')) {
    const v = a === '--tier' ? argv[++i] : a.slice('--tier='.length)
    for (const t of String(v).split(',')) {
      if (!TIERS.includes(t)) {
        say(`unknown tier "${t}": one of ${TIERS.join(', ')}`)
        process.exit(2)
      }
      tiers.push(t)
    }
  } else if (a === '--watch') watch = true
  else if (!a.startsWith('-') && existsSync(join(process.cwd(), a))) paths.push(a)
  else if (!a.startsWith('-') && /\/|\.test\./.test(a)) {
    say(`no such file or folder: ${a}`)
    process.exit(2)
  } else tapArgs.push(a)
}
if (watch && !tiers.length) tiers.push('unit', 'services')
const wanted = tiers.length ? TIERS.filter((t) => tiers.includes(t)) : TIERS

const { byTier, undeclared } = filesByTier(root, paths, process.cwd())
if (undeclared.length) {
  for (const f of undeclared) say(undeclaredMessage(f))
  process.exit(1)
}
const run = wanted.filter((t) => byTier[t].length)
if (!run.length) {
  say(`no test files in tier ${wanted.join(', ')}${paths.length ? ` under ${paths.join(' ')}` : ''}`)
  process.exit(1)
}

let interrupted = false
const children = new Set()
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    interrupted = true
    for (const c of children) c.kill(sig)
  })
}
/** Runs a command to its end: its exit code (1 for a signal). */
function exec(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts })
  children.add(child)
  return new Promise((resolve) =>
    child.on('exit', (c, s) => {
      children.delete(child)
      resolve(c ?? (s ? 1 : 0))
    }),
  )
}
const tap = (files, env, more = []) =>
  exec(process.execPath, [join(root, 'node_modules/tap/dist/esm/run.mjs'), ...more, ...tapArgs, ...files], {
    env,
  })
// The unit tier's files mostly wait (on child processes, sockets, timers) rather than compute: run
// as two at a time they kept one of the machine's two cores busy; four at a time use both.
const UNIT_JOBS = ['--jobs=4']

/** The build, for the stack tier: started now, its output printed when it ends (not mixed into tap's). */
function build() {
  if (!run.includes('stack') || process.env.SKIP_BUILD === '1') return Promise.resolve(0)
  say('building (tsc -b, the web build) beside the unit tier')
  const steps = [
    [process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b']],
    ['npm', ['run', 'build', '-w', 'web', '--silent']],
  ]
  const t0 = Date.now()
  return (async () => {
    for (const [cmd, args] of steps) {
      const out = []
      const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
      children.add(child)
      child.stdout.on('data', (d) => out.push(d))
      child.stderr.on('data', (d) => out.push(d))
      const code = await new Promise((r) => child.on('exit', (c, s) => r(c ?? (s ? 1 : 0))))
      children.delete(child)
      if (code !== 0) {
        process.stdout.write(Buffer.concat(out))
        say(`build failed: ${[cmd, ...args].join(' ')} (exit ${code})`)
        return code
      }
    }
    say(`build done in ${Math.round((Date.now() - t0) / 1000)} s`)
    return 0
  })()
}

// The unit tier gets no database or Redis: a file there that reaches for one fails, saying so.
const { MONGO_URL: _m, REDIS_URL: _r, ...noInfra } = process.env
const coverage = process.env.COVERAGE !== 'off' && !watch
if (coverage) resetCoverage(root)
/** The environment of a tier that records coverage (its tests and the processes they start). */
const covered = (env) => (coverage ? { ...env, NODE_V8_COVERAGE: coverageDirs(root).raw } : env)
const results = []
const timed = async (tier, fn) => {
  const t0 = Date.now()
  const code = await fn()
  results.push({ tier, files: byTier[tier].length, s: Math.round((Date.now() - t0) / 1000), code })
  return code
}

let infra = null
let failed = false
if (watch) {
  if (run.includes('services')) infra = await provide()
  const files = run.flatMap((t) => byTier[t])
  const env = infra ? { ...process.env, MONGO_URL: infra.mongoUrl, REDIS_URL: infra.redisUrl } : noInfra
  process.on('SIGINT', () => void infra?.stop().finally(() => process.exit(130)))
  await watchTests({ root, files, runTap: (f) => tap(f, env), say })
} else {
  const built = build()
  if (run.includes('unit')) {
    say(`unit: ${byTier.unit.length} files, no database, from source`)
    failed = (await timed('unit', () => tap(byTier.unit, covered(noInfra), UNIT_JOBS))) !== 0 || failed
  }
  if (!interrupted && (run.includes('services') || run.includes('stack'))) infra = await provide()
  const env = infra && { ...process.env, MONGO_URL: infra.mongoUrl, REDIS_URL: infra.redisUrl }
  if (!interrupted && run.includes('services')) {
    if ((await built) !== 0) failed = true
    say(`services: ${byTier.services.length} files, MongoDB and Redis, from source`)
    failed = (await timed('services', () => tap(byTier.services, covered(env)))) !== 0 || failed
  }
  if (coverage && !interrupted && (run.includes('unit') || run.includes('services'))) {
    const whole = !paths.length && run.includes('unit') && run.includes('services')
    if (!reportCoverage(root, { hold: whole, say })) failed = true
    resetCoverage(root)
  }
  if (!interrupted && run.includes('stack')) {
    if ((await built) !== 0) failed = true
    else {
      say(`stack: ${byTier.stack.length} files, whole stacks from the builds`)
      failed = (await timed('stack', () => tap(byTier.stack, env))) !== 0 || failed
    }
  }
  await built
  for (const r of results)
    say(
      `tier ${r.tier}: ${r.files} files in ${r.s} s: ${r.code === 0 ? 'passed' : `failed (exit ${r.code})`}`,
    )
}
await infra?.stop()
process.exit(interrupted ? 130 : failed ? 1 : 0)

async function provide() {
  try {
    const i = await ensureInfra({ name: 'test', log: say, fresh: true })
    say(`MongoDB: ${i.mongoKind}; Redis: ${i.redisKind}`)
    return i
  } catch (err) {
    if (err instanceof InfraError) {
      say(err.message)
      process.exit(1)
    }
    throw err
  }
}
