// @tier services
// Issue 45: a library file over the memory cache's share (a 9 MB PDF or MP4) is streamed from
// GridFS chunk by chunk, and at most 8 such reads run at once per process. Forty clients that ask
// for it and then stop reading used to hold forty whole copies (360 MB of a 512 MiB limit); now
// they hold a few chunks, the ones past the 8th wait their turn and get a 503 after 10 s.
import t from 'tap'
import { connect, type Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import { testApp } from '@site/service-kit/testing'
import { ObjectStore } from '../src/lib/objects.js'
import { content } from './helpers.js'

const s = await testApp({ ...content, t })
// The service's own store answers the GETs; this one (its default cache size) writes the file.
const objects = new ObjectStore(s.app.db, 32 * 1024 * 1024)
const SIZE = 9 * 1024 * 1024
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(SIZE - 9)])
const path = 'media/0123456789abcdef01234567.pdf'
await objects.put(path, pdf, 'application/pdf')
await s.app.listen({ port: 0, host: '127.0.0.1' })
const port = (s.app.server.address() as { port: number }).port

/** A client that sends the request, reads the answer's first bytes, then stops reading. */
function pausedReader(): Promise<{ socket: Socket; status: number; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET /objects/${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
    )
    socket.once('error', reject)
    socket.once('data', (chunk: Buffer) => {
      socket.pause()
      const head = chunk.toString('latin1', 0, Math.min(chunk.length, 512))
      resolve({ socket, status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), head })
    })
  })
}

t.test('forty paused readers of a 9 MB file hold a few chunks, not forty copies', async (t) => {
  const outside = () => {
    const m = process.memoryUsage()
    return m.arrayBuffers + m.external
  }
  const before = outside()
  // The highest it gets while the clients hang on (sampled), not one reading after the fact.
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, outside())), 10)
  const readers = await Promise.all(Array.from({ length: 40 }, pausedReader))
  clearInterval(sampler)
  const grown = Math.max(peak, outside()) - before
  t.comment(
    `memory outside the heap peaked ${(grown / 1048576).toFixed(1)} MB above the start for 40 paused readers`,
  )
  t.ok(grown < 100 * 1048576, `${(grown / 1048576).toFixed(1)} MB, not 40 × 9 MB`)
  const statuses = readers.map((r) => r.status)
  t.equal(statuses.filter((c) => c === 200).length, 8, 'eight are served at once')
  t.equal(statuses.filter((c) => c === 503).length, 32, 'the others wait their turn, then get 503')
  t.ok(
    readers.filter((r) => r.status === 503).every((r) => /retry-after: 5/i.test(r.head)),
    'with Retry-After',
  )
  // Their slots are freed with their connections: the next test's readers are served at once.
  for (const r of readers) r.socket.destroy()
})

t.test('a reader that reads gets the whole file, and a range only its bytes', async (t) => {
  // Eight at once: each would wait its 10 s (and get 503) if a gone client still held a slot.
  const eight = await Promise.all(
    Array.from({ length: 8 }, () =>
      fetch(`http://127.0.0.1:${port}/objects/${path}`, { headers: { range: 'bytes=0-0' } }),
    ),
  )
  t.same(
    await Promise.all(eight.map(async (r) => `${r.status} ${(await r.arrayBuffer()).byteLength}`)),
    Array(8).fill('206 1'),
    'the slots of the gone clients are free',
  )
  const whole = await fetch(`http://127.0.0.1:${port}/objects/${path}`)
  t.equal(whole.status, 200)
  t.equal(whole.headers.get('content-length'), String(SIZE))
  t.ok(Buffer.from(await whole.arrayBuffer()).equals(pdf), 'the same bytes')
  const from = 300_000
  const range = await fetch(`http://127.0.0.1:${port}/objects/${path}`, {
    headers: { range: `bytes=${from}-${from + 600_000}` },
  })
  t.equal(range.status, 206)
  t.equal(range.headers.get('content-range'), `bytes ${from}-${from + 600_000}/${SIZE}`)
  t.ok(Buffer.from(await range.arrayBuffer()).equals(pdf.subarray(from, from + 600_001)), 'the range')
})

t.test('a file two requests missed at once is counted once in the memory cache', async (t) => {
  const small = 'media/abcdef0123456789abcdef01.pdf'
  await objects.put(small, Buffer.from('%PDF-1.7\nsmall'), 'application/pdf')
  objects.clearMemory()
  await Promise.all([objects.get(small), objects.get(small)])
  t.equal(objects.memoryUsed, 14, 'its 14 bytes, once')
})
