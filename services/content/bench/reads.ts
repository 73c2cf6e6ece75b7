/**
 * Measures the content service's public reads with its in-process cache and with a TTL of 0 (concurrent loads still coalesce), and one image
 * upload, against the MongoDB/FerretDB and Redis named by MONGO_URL / REDIS_URL. Prints JSON.
 *   MONGO_URL=... REDIS_URL=... npx tsx services/content/bench/reads.ts
 */
import autocannon from 'autocannon'
import sharp from 'sharp'
import { createTestSession, testEnv } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'

const duration = Number(process.env.BENCH_SECONDS ?? 5)

async function run(ttlMs: string) {
  const app = await buildApp(readConfig(testEnv('bench', { CONTENT_CACHE_TTL_MS: ttlMs })))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const results: Record<string, unknown> = {}
  for (const path of ['/api/content', '/api/features']) {
    await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 10, duration: 1 }) // warm-up
    const r = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 10, duration })
    results[path] = {
      requestsPerSec: r.requests.average,
      latencyP50ms: r.latency.p50,
      latencyP99ms: r.latency.p99,
      non2xx: r.non2xx,
    }
  }
  return { app, port, results }
}

const cached = await run('60000')
const { cookie } = await createTestSession(process.env.REDIS_URL!)
const photo = await sharp({
  create: { width: 3000, height: 2000, channels: 3, background: { r: 90, g: 140, b: 200 } },
})
  .composite([
    {
      input: Buffer.from(
        await sharp({
          create: {
            width: 3000,
            height: 2000,
            channels: 3,
            noise: { type: 'gaussian', mean: 128, sigma: 40 },
          },
        })
          .png()
          .toBuffer(),
      ),
      blend: 'overlay',
    },
  ])
  .jpeg({ quality: 95 })
  .toBuffer()
const boundary = '----bench'
const payload = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  ),
  photo,
  Buffer.from(`\r\n--${boundary}--\r\n`),
])
const started = performance.now()
const up = await cached.app.inject({
  method: 'POST',
  url: '/api/projects/upload',
  headers: {
    cookie,
    'x-requested-with': 'XMLHttpRequest',
    'content-type': `multipart/form-data; boundary=${boundary}`,
  },
  payload,
})
const uploadMs = Math.round(performance.now() - started)
const served = await cached.app.inject({ method: 'GET', url: up.json().uploadURL })
await cached.app.db.dropDatabase()
await cached.app.close()

const uncached = await run('0')
await uncached.app.db.dropDatabase()
await uncached.app.close()

process.stdout.write(
  `${JSON.stringify(
    {
      mongo: process.env.MONGO_URL,
      durationSeconds: duration,
      cached: cached.results,
      uncached: uncached.results,
      upload: {
        inputBytes: photo.length,
        inputPx: '3000x2000',
        status: up.statusCode,
        ms: uploadMs,
        storedBytes: served.rawPayload.length,
      },
    },
    null,
    2,
  )}\n`,
)
