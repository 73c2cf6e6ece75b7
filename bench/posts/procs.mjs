// What the posts benches read of their processes: CPU ticks and RSS from /proc, PostgreSQL's backends
// (the postmaster's children), and each process's memory limit from services.json.
import { readdirSync, readFileSync } from 'node:fs'
import registry from '../../services.json' with { type: 'json' }

const statFields = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')

/** utime + stime of `pids` in clock ticks (1/100 s); a process gone meanwhile counts 0. */
export function cpuTicks(pids) {
  let ticks = 0
  for (const pid of pids) {
    try {
      const f = statFields(pid)
      ticks += Number(f[11]) + Number(f[12])
    } catch {
      /* exited */
    }
  }
  return ticks
}

export function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Math.round(Number(m[1]) / 1024) : null
  } catch {
    return null
  }
}

/** Proportional set size: shared pages (PostgreSQL's shared buffers) split among their users. */
export function pssMb(pid) {
  try {
    const m = /Pss:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
    return m ? Math.round(Number(m[1]) / 1024) : null
  } catch {
    return null
  }
}

/** `pid` and its children (PostgreSQL: the postmaster and its backends). */
export function processTree(pid) {
  const out = [pid]
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (Number(statFields(p)[1]) === pid) out.push(Number(p))
    } catch {
      /* exited */
    }
  }
  return out
}

/** Each process's memory limit in MB (services.json, which k8s/ and docker-compose.yml follow). */
export function manifestLimits() {
  const out = { gateway: registry.gateway.memoryMb, web: registry.web.memoryMb }
  for (const [name, s] of Object.entries(registry.services)) {
    out[name] = s.memoryMb
    if (s.worker) out[`${name}-worker`] = s.worker.memoryMb
  }
  return out
}

export function percentile(list, p) {
  if (!list.length) return null
  const sorted = [...list].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** Every process of a run by name: the stack's, and the embedded database's (PostgreSQL with its backends). */
export function processesOf(stack, infra) {
  const out = Object.fromEntries(stack.supervisor.entries.map((e) => [e.spec.name, [e.child.pid]]))
  const ferret = infra.embedded?.ferretdb?.child()?.pid
  const postgres = infra.embedded?.postgres?.child()?.pid
  if (ferret) out.ferretdb = [ferret]
  if (postgres) out.postgres = processTree(postgres)
  return out
}

/** RSS of each process; PostgreSQL's is the PSS of its processes (each maps the shared buffers). */
export const rssOf = (procs) =>
  Object.fromEntries(
    Object.entries(procs).map(([n, pids]) => [
      n,
      pids.reduce((a, p) => a + ((n === 'postgres' ? pssMb(p) : rssMb(p)) ?? 0), 0),
    ]),
  )

/** CPU of every process over `seconds` with no request, in % of one core, and the total. */
export async function idleCpuOf(processes, stack, seconds) {
  const procs = processes(stack)
  const before = Object.fromEntries(Object.entries(procs).map(([n, pids]) => [n, cpuTicks(pids)]))
  const t0 = performance.now()
  await sleep(seconds * 1000)
  const took = (performance.now() - t0) / 1000
  // PostgreSQL's backends come and go: its tree is read again at the end.
  const after = processes(stack)
  const pct = Object.fromEntries(
    Object.entries(after).map(([n, pids]) => [
      n,
      Math.round(((cpuTicks(pids) - (before[n] ?? 0)) / 100 / took) * 1000) / 10,
    ]),
  )
  const total = Math.round(Object.values(pct).reduce((a, b) => a + Math.max(0, b), 0) * 10) / 10
  return { seconds: Math.round(took), percentOfOneCore: pct, totalPercentOfOneCore: total }
}

/** Waits until the whole run uses under 10 % of a core for 3 s running (at most `maxMs`). */
export async function settleOf(processes, stack, maxMs = 180_000) {
  const t0 = Date.now()
  let quiet = 0
  let last = cpuTicks(Object.values(processes(stack)).flat())
  while (quiet < 3 && Date.now() - t0 < maxMs) {
    await sleep(1000)
    const now = cpuTicks(Object.values(processes(stack)).flat())
    quiet = now - last < 10 ? quiet + 1 : 0
    last = now
  }
  return Math.round((Date.now() - t0) / 1000)
}
