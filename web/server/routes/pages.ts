import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { Counter, Gauge } from 'prom-client'
import { PRIVATE_NO_STORE, SESSION_COOKIE } from '@site/service-kit'
import {
  SHARED_CACHE_CONTROL,
  SURROGATE_KEY_HEADER,
  WEB_KEY,
  surrogateKeyValue,
} from '@site/contracts/surrogate'
import type { Config } from '../config'
import { sendTagged } from '../lib/etag'
import { oldUrl } from '../lib/redirects'

/** The session cookie with a value: the page tells the browser whether to ask who is signed in. */
const SESSION = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=[^;]`)
const OUTCOMES = ['rendered', 'refused', 'abandoned'] as const

/** Aborts when the client closes the connection before its answer (the gateway gave up, a visitor left). */
function clientGone(reply: FastifyReply) {
  const gone = new AbortController()
  const onClose = () => {
    if (!reply.raw.writableFinished) gone.abort()
  }
  reply.raw.once('close', onClose)
  return { signal: gone.signal, dispose: () => reply.raw.off('close', onClose) }
}

/**
 * Every other path is a page of the app, rendered on the server with its real status (200, 404, or
 * 503 when a service it reads did not answer). A path that looks like a file is a missing asset.
 * At most PAGE_QUEUE_MAX pages are in progress (renders run one at a time, ~5-10 ms each): one more
 * gets 503 with Retry-After at once rather than a wait past the gateway's page budget; a page whose
 * client has gone stops its reads and is not rendered.
 */
const pages: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const inProgress = new Gauge({
    name: 'web_pages_in_progress',
    help: 'Pages being loaded, waiting for their render or rendered now',
    registers: [app.metrics],
  })
  const outcomes = new Counter({
    name: 'web_pages_total',
    help: 'Page requests by outcome: rendered, refused (PAGE_QUEUE_MAX in progress: 503), abandoned (the client left first)',
    labelNames: ['outcome'] as const,
    registers: [app.metrics],
  })
  for (const outcome of OUTCOMES) outcomes.inc({ outcome }, 0)
  let active = 0

  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (/\.[a-z0-9]{2,5}$/i.test(path)) return reply.code(404).type('text/plain').send('Not found')
    if (active >= config.PAGE_QUEUE_MAX) {
      outcomes.inc({ outcome: 'refused' })
      return reply
        .code(503)
        .header('retry-after', '5')
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Busy, please try again in a few seconds.')
    }
    inProgress.set(++active)
    const gone = clientGone(reply)
    try {
      const page = await app.renderer.page(request.url, {
        session: SESSION.test(request.headers.cookie ?? ''),
        signal: gone.signal,
      })
      outcomes.inc({ outcome: 'rendered' })
      // A post or page not found may be an old slug of a published one: 301 to where it is now, shared
      // by caches and purged by the post's keys.
      const moved =
        page.status === 404
          ? await oldUrl(
              { blogUrl: config.BLOG_URL, contentUrl: config.CONTENT_URL },
              config.SSR_UPSTREAM_TIMEOUT_MS,
              request.url,
            )
          : null
      if (moved) {
        reply.header('cache-control', SHARED_CACHE_CONTROL)
        reply.header(SURROGATE_KEY_HEADER, surrogateKeyValue([...moved.keys, WEB_KEY]))
        return reply.redirect(moved.location, 301)
      }
      reply.code(page.status).type('text/html; charset=utf-8').header('vary', 'Cookie')
      // A page says whether the request carried a session cookie, so only an anonymous one is
      // shared: a shared cache keeps it, purged by the surrogate keys of the reads it was built from
      // (an admin's write announces them). Browsers always revalidate (an edit shows on the next load).
      const session = SESSION.test(request.headers.cookie ?? '')
      if (page.private) {
        // A preview: for the one holding its link; no cache keeps it (the gateway's shared one
        // included), no search engine indexes it, and it has no tag to revalidate by.
        reply.header('cache-control', PRIVATE_NO_STORE).header('x-robots-tag', 'noindex')
        return reply.send(page.html)
      }
      if (page.status === 200 && !session) {
        reply.header('cache-control', SHARED_CACHE_CONTROL)
        reply.header(SURROGATE_KEY_HEADER, surrogateKeyValue([...page.surrogateKeys, WEB_KEY]))
      } else reply.header('cache-control', 'no-cache')
      if (page.status === 503) reply.header('retry-after', '30')
      return page.status === 200 ? sendTagged(request, reply, page.html) : reply.send(page.html)
    } catch (err) {
      // By name: in development the renderer is loaded by Vite, a module apart from this one's imports.
      if (!(err instanceof Error && err.name === 'PageAbandoned')) throw err
      outcomes.inc({ outcome: 'abandoned' })
      request.log.info('page not rendered: its client left')
      // Nobody to answer: the connection is closed already.
      reply.hijack()
      reply.raw.destroy()
      return reply
    } finally {
      gone.dispose()
      inProgress.set(--active)
    }
  })
}
export default pages
