// What the posts bench reads of its processes: CPU ticks and RSS from /proc, PostgreSQL's backends
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
