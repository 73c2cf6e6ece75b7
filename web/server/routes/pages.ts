import type { FastifyPluginAsync } from 'fastify'
import { SESSION_COOKIE } from '@site/service-kit'
import { sendTagged } from '../lib/etag'

/** The session cookie with a value: the page tells the browser whether to ask who is signed in. */
const SESSION = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=[^;]`)

/**
 * Every other path is a page of the app, rendered on the server with its real status (200, 404, or
 * 503 when a service it reads did not answer). A path that looks like a file is a missing asset.
 */
const pages: FastifyPluginAsync = async (app) => {
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (/\.[a-z0-9]{2,5}$/i.test(path)) return reply.code(404).type('text/plain').send('Not found')
    const page = await app.renderer.page(request.url, {
      session: SESSION.test(request.headers.cookie ?? ''),
    })
    reply.code(page.status).type('text/html; charset=utf-8')
    // Pages change when an admin edits content: always revalidate (the services' caches keep this
    // cheap). A page says whether the request carried a session cookie: shared caches key on it.
    reply.header('cache-control', 'no-cache').header('vary', 'Cookie')
    if (page.status === 503) reply.header('retry-after', '30')
    return page.status === 200 ? sendTagged(request, reply, page.html) : reply.send(page.html)
  })
}
export default pages
