// @tier stack
// Issue 30 from outside on the real stack: 100,000 anonymous requests for distinct URLs whose answers
// the gateway's shared cache may keep (public API pages: every page number and size is a key of its
// own) must keep the gateway under its manifest memory limit. The store is bounded by everything it
// holds (bodies, headers, keys, per-entry overhead), so it fills up to CACHE_MAX_MB and then turns
// over, least recently used first. Runs alone in its own file, like e2e-gateway-memory.test.mjs.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { startStack } from '../lib/stack.mjs'
import registry from '../../services.json' with { type: 'json' }

// EDGE_MEMORY_URLS: fewer for a quick look; the issue asks for 100,000.
const COUNT = Number(process.env.EDGE_MEMORY_URLS ?? 100_000)
t.setTimeout(1_800_000)
// The bench's rate limits: one client makes all the requests.
const stack = await startStack({
  only: ['content', 'gateway'],
  env: { RATE_LIMIT_READ_PER_MINUTE: '100000000' },
})
t.teardown(() => stack.stop())
const gateway = () => stack.supervisor.entries.find((e) => e.spec.name === 'gateway')

function gatewayMemory() {
  try {
    const status = readFileSync(`/proc/${gateway().child.pid}/status`, 'utf8')
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) }
  } catch {
    return { rssMb: 0, peakMb: 0 }
  }
}

async function load(count, paths, concurrency = 16) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const { hostname, port } = new URL(stack.url)
  const seen = new Map()
  let next = 0
  const one = (path) =>
    new Promise((resolve) => {
      const req = request({ agent, hostname, port, path, headers: { 'accept-encoding': 'br' } }, (res) => {
        res.resume()
        res.on('end', () =>
          resolve(`${res.statusCode} ${res.headers['cache-status']?.split(';')[1]?.trim()}`),
        )
        res.on('error', () => resolve('cut short'))
      })
      req.on('error', (err) => resolve(err.code ?? 'error'))
      req.end()
    })
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const outcome = await one(paths(next++))
        seen.set(outcome, (seen.get(outcome) ?? 0) + 1)
      }
    }),
  )
  agent.destroy()
  return Object.fromEntries(seen)
}

t.test(`${COUNT} distinct cacheable URLs keep the gateway under its memory limit`, async (t) => {
  // Page p of size s: 10,000 pages times 50 sizes, each a distinct key the store may keep.
  const url = (i) => `/api/projects?page=${(i % 10000) + 1}&pageSize=${(Math.floor(i / 10000) % 50) + 1}`
  const before = gatewayMemory()
  let peakMb = before.peakMb
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, gatewayMemory().peakMb)), 250)
  const started = Date.now()
  const outcomes = await load(COUNT, url)
  clearInterval(sampler)
  const after = gatewayMemory()
  peakMb = Math.max(peakMb, after.peakMb)
  const limitMb = registry.gateway.memoryMb
  const metrics = await (await fetch(`http://127.0.0.1:${stack.ports['gateway-metrics']}/metrics`)).text()
  const entries = /gateway_cache_entries\{[^}]*\} (\d+)/.exec(metrics)?.[1]
  const bytes = /gateway_store_bytes\{[^}]*\} (\d+)/.exec(metrics)?.[1]
  t.comment(
    `gateway RSS ${before.rssMb} MB before, ${after.rssMb} MB after, peak ${peakMb} MB (limit ${limitMb} MB); ` +
      `${entries} answers kept, store ${Math.round(Number(bytes) / 1048576)} MB; ${Math.round((Date.now() - started) / 1000)} s`,
  )
  t.same(outcomes, { '200 fwd=uri-miss': COUNT }, 'every request answered, each a new key')
  t.ok(Number(entries) > 1000, `the store filled (${entries} answers)`)
  t.equal(gateway().restarts, 0, 'the gateway never restarted')
  t.ok(peakMb < limitMb, `peak RSS ${peakMb} MB under the manifest limit of ${limitMb} MB`)
})
