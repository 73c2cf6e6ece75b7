// Serves the built web app (web/dist): hashed assets cached for a year, every other path
// answered with index.html so client-side routes (/blog/x) work on reload (history fallback).
import Fastify from 'fastify'
import fastifyStatic from '@fastify/static'
import { fileURLToPath } from 'node:url'
import { existsSync } from 'node:fs'
import { Registry, collectDefaultMetrics } from 'prom-client'

const root = fileURLToPath(new URL('./dist/', import.meta.url))
if (!existsSync(root)) {
  process.stderr.write('web/dist is missing: run `npm run build -w web` first (npm start does this).\n')
  process.exit(78)
}
let closing = false
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info', base: { service: 'web' } }, forceCloseConnections: 'idle' })

await app.register(fastifyStatic, {
  root,
  wildcard: false,
  index: false,
  // dist/**/*.br and *.gz are written by scripts/compress.mjs after the build.
  preCompressed: true,
  // Called with the reply (Fastify) in @fastify/static 10.
  // Hashed bundles never change; index.html names the current ones, so it is always revalidated.
  setHeaders(reply, path) {
    if (path.endsWith('index.html')) reply.header('cache-control', 'no-cache')
    else if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable')
    else reply.header('cache-control', 'public, max-age=86400')
  },
})
const metrics = new Registry()
metrics.setDefaultLabels({ service: 'web' })
collectDefaultMetrics({ register: metrics })
app.get('/metrics', { logLevel: 'warn' }, async (_req, reply) => reply.type(metrics.contentType).send(await metrics.metrics()))
app.get('/livez', { logLevel: 'warn' }, async () => ({ status: 'ok' }))
app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => (closing ? reply.code(503).send({ status: 'closing' }) : { status: 'ok' }))
app.get('/*', async (request, reply) => {
  const path = request.url.split('?')[0] ?? '/'
  // A missing asset is a real 404; any other path is a route of the app.
  if (/\.[a-z0-9]{2,5}$/i.test(path) && path !== '/index.html') {
    return reply.code(404).type('text/plain').send('Not found')
  }
  // index.html names the current hashed bundles: always revalidate it.
  return reply.sendFile('index.html')
})

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (closing) process.exit(1)
    closing = true
    app.close().then(() => process.exit(0))
  })
}
await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '0.0.0.0' })
