// @tier stack
// Issue 29, item 1, from outside on the real stack: 20,000 anonymous requests for distinct long URLs
// that all answer one body must keep the gateway under its manifest memory limit. The compressed
// copies were keyed by URL and counted only their compressed bytes: this attack took the gateway
// from 138 MB to 378 MB RSS and killed it with a full heap after 9,679 requests.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { startStack } from '../lib/stack.mjs'
import registry from '../../services.json' with { type: 'json' }

// 20,000 requests, each three exchanges behind the gateway (the web server reads the blog and the
// content service for the sitemap): 80-100 s on a quiet 2-core machine, more under load.
t.setTimeout(900_000)
// Only what the page needs: fewer processes competing for the cores.
const stack = await startStack({ only: ['content', 'blog', 'web', 'gateway'] })
t.teardown(() => stack.stop())
const origin = stack.url
const gateway = () => stack.supervisor.entries.find((e) => e.spec.name === 'gateway')

/** The gateway's resident memory now and at its highest (VmRSS and VmHWM of /proc), in MB. */
function gatewayMemory() {
  try {
    const status = readFileSync(`/proc/${gateway().child.pid}/status`, 'utf8')
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) }
  } catch {
    return { rssMb: 0, peakMb: 0 } // between a crash and the restart
  }
}

/** GETs `paths(i)` for i < count, `concurrency` at a time on keep-alive connections; counts answers by status and encoding. */
async function load(count, paths, headers, concurrency = 16) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const { hostname, port } = new URL(origin)
  const seen = new Map()
  let next = 0
  const one = (path) =>
    new Promise((resolve) => {
      const req = request({ agent, hostname, port, path, headers }, (res) => {
        res.resume()
        res.on('end', () => resolve(`${res.statusCode} ${res.headers['content-encoding'] ?? 'identity'}`))
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

t.test('20,000 distinct long URLs keep the gateway under its memory limit', async (t) => {
  // The web server ignores unknown query parameters, so every URL answers the same body and tag.
  const pad = 'x'.repeat(12 * 1024)
  const url = (i) => `/sitemap-pages.xml?n=${i}&pad=${pad}`
  const headers = { 'accept-encoding': 'br' }
  t.same(await load(50, url, headers), { '200 br': 50 }, 'warmed up: answered and compressed')
  const before = gatewayMemory()
  const started = Date.now()
  // Sampled while the load runs: a process that crashed takes its high-water mark with it.
  let peakMb = before.peakMb
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, gatewayMemory().peakMb)), 250)
  const outcomes = await load(20000, url, headers)
  clearInterval(sampler)
  const after = gatewayMemory()
  peakMb = Math.max(peakMb, after.peakMb)
  const limitMb = registry.gateway.memoryMb
  t.comment(
    `gateway RSS ${before.rssMb} MB before, ${after.rssMb} MB after, peak ${peakMb} MB ` +
      `(limit ${limitMb} MB); ${Math.round((Date.now() - started) / 1000)} s`,
  )
  t.same(outcomes, { '200 br': 20000 }, 'every request answered, compressed')
  t.equal(gateway().restarts, 0, 'the gateway never restarted')
  t.ok(peakMb < limitMb, `peak RSS ${peakMb} MB under the manifest limit of ${limitMb} MB`)
})
