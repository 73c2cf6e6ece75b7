// Idle memory of the `npm start`-shaped stack: starts every process on free ports with
// the heap flag processes.mjs gives it, waits for it to settle, and reports each process's RSS
// and heap, the total, and which npm packages each one has loaded (a package a process loads at
// idle but only needs for a job belongs in the process that runs the job, or behind a lazy import).
// Usage: npm run bench:idle [-- --settle 20] → JSON on stdout and bench/scale/results/idle.json.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ensureInfra, root } from '../../scripts/lib/infra.mjs'

const { values: args } = parseArgs({
  options: { settle: { type: 'string', default: '20' }, out: { type: 'string', default: 'idle' } },
})
const log = (m) => process.stderr.write(`[bench:idle] ${m}\n`)
const traceDir = mkdtempSync(join(tmpdir(), 'idle-modules-'))
const tracer = fileURLToPath(new URL('./module-tracer.mjs', import.meta.url))

const infra = await ensureInfra({ name: 'bench', log, fresh: true })
process.env.MONGO_URL = infra.mongoUrl
process.env.REDIS_URL = infra.redisUrl
const { startStack } = await import('../../scripts/lib/stack.mjs')

const status = (pid) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(s)?.[1] ?? 0)
  // PSS shares the pages processes have in common (the node binary's code) among them: the sum of
  // PSS is what the stack really takes on one machine; RSS counts that code once per process.
  const pss = /Pss:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1]
  return {
    rssMb: Math.round(kb('VmRSS') / 1024),
    anonMb: Math.round(kb('RssAnon') / 1024),
    fileMb: Math.round(kb('RssFile') / 1024),
    pssMb: pss ? Math.round(Number(pss) / 1024) : null,
  }
}
const pkgOf = (url) => {
  const path = fileURLToPath(url)
  const i = path.lastIndexOf('/node_modules/')
  if (i < 0)
    return path.startsWith(root)
      ? `(project) ${path.slice(root.length).split('/').slice(0, 2).join('/')}`
      : '(other)'
  const parts = path.slice(i + 14).split('/')
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
}

let stack
const processes = {}
try {
  stack = await startStack({
    env: { NODE_OPTIONS: `--import=${tracer}`, MODULE_TRACE_DIR: traceDir },
    startTimeoutMs: 180000,
  })
  log(`stack up; settling ${args.settle} s`)
  await new Promise((r) => setTimeout(r, Number(args.settle) * 1000))
  for (const e of stack.supervisor.entries) {
    processes[e.spec.name] = {
      pid: e.child.pid,
      heapFlag: e.spec.args.filter((a) => a.startsWith('--max-old')).join(' ') || null,
      ...status(e.child.pid),
    }
    e.child.kill('SIGUSR2')
  }
  await new Promise((r) => setTimeout(r, 1000))
  for (const file of readdirSync(traceDir)) {
    const { pid, modules } = JSON.parse(readFileSync(join(traceDir, file), 'utf8'))
    const entry = Object.values(processes).find((p) => p.pid === pid)
    if (!entry) continue
    const counts = {}
    for (const m of modules) counts[pkgOf(m)] = (counts[pkgOf(m)] ?? 0) + 1
    entry.modules = modules.length
    entry.packages = Object.keys(counts)
      .filter((k) => !k.startsWith('('))
      .sort()
  }
} finally {
  await stack?.stop()
  await infra.stop()
  rmSync(traceDir, { recursive: true, force: true })
}
const out = {
  bench: 'idle',
  at: new Date().toISOString(),
  node: process.version,
  settleS: Number(args.settle),
  totalRssMb: Object.values(processes).reduce((a, p) => a + p.rssMb, 0),
  totalAnonMb: Object.values(processes).reduce((a, p) => a + p.anonMb, 0),
  totalPssMb: Object.values(processes).reduce((a, p) => a + (p.pssMb ?? 0), 0),
  notes:
    'RSS counts the node binary (RssFile, ~50 MB) once per process; PSS splits shared pages among them. Heap flags from MEMORY_LIMIT_MB as in the images.',
  processes,
}
mkdirSync(join(root, 'bench/scale/results'), { recursive: true })
writeFileSync(join(root, `bench/scale/results/${args.out}.json`), `${JSON.stringify(out, null, 2)}\n`)
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`)
