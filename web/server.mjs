// The web server: hashed assets from web/dist (cached for a year), the public pages rendered on the
// server (web/dist-server) from the content and blog services' public reads, with real
// status codes (404, 503), /sitemap.xml, /robots.txt and an RSS feed per language. /admin gets the
// app shell: the browser renders it.
import Fastify from 'fastify'
import fastifyStatic from '@fastify/static'
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { existsSync, readFileSync } from 'node:fs'
import { Registry, collectDefaultMetrics } from 'prom-client'
import { readWebConfig } from './config.mjs'

const root = fileURLToPath(new URL('./dist/', import.meta.url))
const serverEntry = new URL('./dist-server/entry-server.js', import.meta.url)
if (!existsSync(root) || !existsSync(serverEntry)) {
  process.stderr.write(
    'web/dist or web/dist-server is missing: run `npm run build -w web` first (npm start does this).\n',
  )
  process.exit(78)
}
const { config, errors } = readWebConfig()
if (errors.length > 0) {
  process.stderr.write(`web: invalid configuration:\n  ${errors.join('\n  ')}\n`)
  process.exit(78)
}
const { createRenderer, assetLinks } = await import(serverEntry.href)

/**
 * Sends a 200 body with an ETag of its content, or 304 when the client already holds it: pages and
 * feeds are rendered on every request (admins' edits show at once), but an unchanged one then
 * costs a revalidation, not its bytes. (The gateway suffixes the tag of a compressed answer and
 * gives us our own tag back on revalidation.)
 */
function sendTagged(request, reply, body) {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  reply.header('etag', etag)
  const held = (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
  if (held.includes(etag) || held.includes('*')) return reply.code(304).send()
  return reply.send(body)
}

/** The session cookie (`sid`, set by the auth service) with a value. */
const SESSION_COOKIE = /(?:^|;\s*)sid=[^;]/

let closing = false
const app = Fastify({
  logger: { level: config.logLevel, base: { service: 'web' } },
  forceCloseConnections: 'idle',
})

const renderer = createRenderer({
  template: readFileSync(new URL('index.html', `file://${root}`), 'utf8'),
  upstreams: { contentUrl: config.contentUrl, blogUrl: config.blogUrl, timeoutMs: config.timeoutMs },
  origin: config.origin,
  assetsFor: assetLinks(JSON.parse(readFileSync(new URL('.vite/manifest.json', `file://${root}`), 'utf8'))),
  sitemapPostsPerFile: config.sitemapPostsPerFile,
  onError: (err) => app.log.warn({ err }, 'server render'),
})

await app.register(fastifyStatic, {
  root,
  wildcard: false,
  index: false,
  // dist/**/*.br and *.gz are written by scripts/compress.mjs after the build.
  preCompressed: true,
  // Called with the reply (Fastify) in @fastify/static 10.
  setHeaders(reply, path) {
    if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable')
    else reply.header('cache-control', 'public, max-age=86400')
  },
})
const metrics = new Registry()
metrics.setDefaultLabels({ service: 'web' })
collectDefaultMetrics({ register: metrics })
app.get('/metrics', { logLevel: 'warn' }, async (_req, reply) =>
  reply.type(metrics.contentType).send(await metrics.metrics()),
)
app.get('/livez', { logLevel: 'warn' }, async () => ({ status: 'ok' }))
app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) =>
  closing ? reply.code(503).send({ status: 'closing' }) : { status: 'ok' },
)

app.get('/robots.txt', async (_req, reply) =>
  reply
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(renderer.robots()),
)

/**
 * Sitemaps and feeds are built from the services on request; a service outage answers 503, and a
 * build that finds nothing (a posts sitemap past the last) 404.
 */
async function xml(request, reply, type, build) {
  try {
    const body = await build()
    if (body === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    reply.type(`${type}; charset=utf-8`).header('cache-control', 'public, max-age=300')
    return sendTagged(request, reply, body)
  } catch (err) {
    app.log.warn({ err }, 'xml')
    return reply
      .code(503)
      .header('retry-after', '30')
      .type('text/plain; charset=utf-8')
      .send('Temporarily unavailable, please try again later.')
  }
}
// The sitemap index, the site's own pages, and the posts a file of SITEMAP_POSTS_PER_FILE each
// (numbered as the blog's pages: the renderer answers null, a 404, for a number it does not list).
app.get('/sitemap.xml', (request, reply) => xml(request, reply, 'application/xml', () => renderer.sitemap()))
app.get('/sitemap-pages.xml', (request, reply) =>
  xml(request, reply, 'application/xml', () => renderer.sitemapPages()),
)
app.get('/sitemap-posts-:page(^\\d+).xml', (request, reply) =>
  xml(request, reply, 'application/xml', () => renderer.sitemapPosts(request.params.page)),
)
for (const [prefix, language] of [
  ['', 'nl'],
  ['/en', 'en'],
  ['/de', 'de'],
]) {
  app.get(`${prefix}/feed.xml`, (request, reply) =>
    xml(request, reply, 'application/rss+xml', () => renderer.feed(language)),
  )
}

app.get('/*', async (request, reply) => {
  const path = request.url.split('?')[0] ?? '/'
  // A missing asset is a real 404; any other path is a page of the app.
  if (/\.[a-z0-9]{2,5}$/i.test(path)) {
    return reply.code(404).type('text/plain').send('Not found')
  }
  const page = await renderer.page(request.url, {
    session: SESSION_COOKIE.test(request.headers.cookie ?? ''),
  })
  reply.code(page.status).type('text/html; charset=utf-8')
  // Pages change when an admin edits content: always revalidate (the services' caches keep this cheap).
  // A page says whether the request carried a session cookie: shared caches key on it.
  reply.header('cache-control', 'no-cache').header('vary', 'Cookie')
  if (page.status === 503) reply.header('retry-after', '30')
  return page.status === 200 ? sendTagged(request, reply, page.html) : reply.send(page.html)
})

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (closing) process.exit(1)
    closing = true
    app.close().then(() => process.exit(0))
  })
}
await app.listen({ port: config.port, host: config.host })
