// The posts bench's page phases (run.mjs): the warm-up and the cold pages, through the gateway.
import { percentile } from './procs.mjs'

const ms = (t0) => Math.round((performance.now() - t0) * 10) / 10
const stats = (list) => ({ n: list.length, p50: percentile(list, 50), p99: percentile(list, 99) })

/**
 * Fresh processes run their first pages through V8's interpreter: the first size's cold pages
 * would measure the compiler's warm-up, not the content's cost. Before them, `count` views of ten
 * posts under queries no cache has seen (each a miss in the gateway and the web server); those ten
 * are then marked used, so no cold page finds its post in the blog's cache.
 */
export async function warmUp(url, size, used, count) {
  const picked = []
  for (let i = 0; i < size && picked.length < 10; i++) if (!used.has(i)) picked.push(i)
  for (const i of picked) used.add(i)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const k = next++
      const res = await fetch(`${url}/blog/scale-post-${picked[k % picked.length]}?warmup=${k}`)
      await res.arrayBuffer()
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
}

/** `count` distinct post pages never asked for before, through the gateway, 8 at a time. */
export async function coldPages(url, from, to, used, count) {
  const paths = []
  for (let i = from; i < to && paths.length < count; i++)
    if (!used.has(i)) {
      used.add(i)
      paths.push(`/blog/scale-post-${i}`)
    }
  const latencies = []
  let next = 0
  let failed = 0
  const t0 = performance.now()
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]
      const t = performance.now()
      const res = await fetch(url + path)
      await res.arrayBuffer()
      if (res.status === 200) latencies.push(ms(t))
      else failed++
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  const seconds = (performance.now() - t0) / 1000
  return {
    pages: latencies.length,
    failed,
    pagesPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    latencyMs: stats(latencies),
  }
}
