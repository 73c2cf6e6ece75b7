// Helpers of the cluster end-to-end run (run.mjs): kubectl, timed steps, waiting, steady traffic.
import { execFileSync, spawnSync } from 'node:child_process'

export const NS = 'site-dev'
/** The dev overlay's public origin: the services accept writes from it only. */
export const ORIGIN = 'https://site.localtest.me'

export function kubectl(args, { ns = NS, input, allowFail = false } = {}) {
  const r = spawnSync('kubectl', [...(ns ? ['-n', ns] : []), ...args], {
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
  })
  if (r.status !== 0 && !allowFail) throw new Error(`kubectl ${args.join(' ')}: ${r.stderr.trim()}`)
  return allowFail ? { ok: r.status === 0, out: r.stdout, err: r.stderr } : r.stdout
}
export const kjson = (args, opts) => JSON.parse(kubectl([...args, '-o', 'json'], opts))

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

export async function until(what, fn, { timeoutMs = 300000, everyMs = 1000 } = {}) {
  const end = Date.now() + timeoutMs
  let last
  while (Date.now() < end) {
    try {
      last = await fn()
      if (last) return last
    } catch (err) {
      last = err.message
    }
    await sleep(everyMs)
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s (last: ${JSON.stringify(last)?.slice(0, 300)})`)
}

/** Runs the checks in order, each timed; one that fails is reported and the run goes on. */
export function steps() {
  const results = []
  const run = async (name, fn) => {
    const t0 = performance.now()
    process.stdout.write(`[e2e] ${name} ...\n`)
    try {
      const detail = await fn()
      const s = Math.round((performance.now() - t0) / 100) / 10
      results.push({ step: name, ok: true, seconds: s, detail: detail ?? null })
      process.stdout.write(`[e2e] ok   ${name} (${s} s)${detail ? `: ${JSON.stringify(detail)}` : ''}\n`)
    } catch (err) {
      const s = Math.round((performance.now() - t0) / 100) / 10
      results.push({ step: name, ok: false, seconds: s, error: err.message })
      process.stdout.write(`[e2e] FAIL ${name} (${s} s): ${err.message}\n`)
    }
  }
  return { run, results }
}

/** The address of a Service (its cluster IP: kube-proxy makes it reachable from this node). */
export function serviceUrl(name, portName = 'http') {
  const svc = kjson(['get', 'service', name])
  const port = svc.spec.ports.find((p) => p.name === portName) ?? svc.spec.ports[0]
  return `http://${svc.spec.clusterIP}:${port.port}`
}

/**
 * Steady traffic: `concurrency` loops of GETs over `paths`, `pauseMs` apart, until stop(); every
 * answer that is not 2xx/3xx and every network error is a failure, kept with its time. The default
 * (4 loops, 100 ms) stays below the gateway's read budget per address (6,000 a minute).
 */
export function traffic(base, paths, concurrency = 4, pauseMs = 100) {
  let running = true
  let n = 0
  const failures = []
  const loop = async (k) => {
    for (let i = k; running; i += concurrency) {
      const path = paths[i % paths.length]
      const at = Date.now()
      try {
        const res = await fetch(base + path, { signal: AbortSignal.timeout(10000) })
        await res.arrayBuffer()
        if (res.status >= 400) failures.push({ at, path, status: res.status })
      } catch (err) {
        failures.push({ at, path, error: err.cause?.code ?? err.message })
      }
      n++
      await sleep(pauseMs)
    }
  }
  const loops = Array.from({ length: concurrency }, (_, k) => loop(k))
  return {
    async stop() {
      running = false
      await Promise.all(loops)
      return { requests: n, failures }
    },
  }
}

export function nodeName() {
  return execFileSync('kubectl', ['get', 'nodes', '-o', 'jsonpath={.items[0].metadata.name}'], {
    encoding: 'utf8',
  }).trim()
}
