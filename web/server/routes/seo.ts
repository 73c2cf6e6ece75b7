import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { SURROGATE } from '@site/contracts'
import { UpstreamError } from '@site/contracts/public-read'
import {
  SHARED_CACHE_CONTROL,
  SURROGATE_KEY_HEADER,
  WEB_KEY,
  surrogateKeyValue,
} from '@site/contracts/surrogate'
import type { Language } from '@/i18n'
import { sendTagged } from '../lib/etag'

const FEEDS: [prefix: string, language: Language][] = [
  ['', 'nl'],
  ['/en', 'en'],
  ['/de', 'de'],
]

/**
 * /robots.txt, the sitemap index, the site's pages' sitemap, the posts sitemaps (SITEMAP_POSTS_PER_FILE
 * posts each, numbered as the blog's pages) and an RSS feed per language, built from the services on
 * request: a service outage answers 503, a file past the last 404.
 */
const seo: FastifyPluginAsync = async (app) => {
  const { renderer } = app

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(renderer.robots()),
  )

  async function xml(
    request: FastifyRequest,
    reply: FastifyReply,
    type: string,
    build: () => Promise<string | null>,
    keys: string[],
  ) {
    try {
      const body = await build()
      if (body === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
      // Shared caches keep it until a write to what it lists purges it (surrogate keys).
      reply
        .type(`${type}; charset=utf-8`)
        .header('cache-control', SHARED_CACHE_CONTROL)
        .header(SURROGATE_KEY_HEADER, surrogateKeyValue([...keys, WEB_KEY]))
      return sendTagged(request, reply, body)
    } catch (err) {
      // A service that refused the read (a 4xx): no such file, never a 5xx.
      if (err instanceof UpstreamError && err.refused)
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
      request.log.warn({ err }, 'xml')
      return reply
        .code(503)
        .header('retry-after', '30')
        .type('text/plain; charset=utf-8')
        .send('Temporarily unavailable, please try again later.')
    }
  }

  const { posts, pages } = SURROGATE
  app.get('/sitemap.xml', (request, reply) =>
    xml(request, reply, 'application/xml', renderer.sitemap, [posts]),
  )
  app.get('/sitemap-pages.xml', (request, reply) =>
    xml(request, reply, 'application/xml', renderer.sitemapPages, [pages, posts]),
  )
  app.get<{ Params: { page: string } }>('/sitemap-posts-:page(^\\d+).xml', (request, reply) =>
    xml(request, reply, 'application/xml', () => renderer.sitemapPosts(request.params.page), [posts]),
  )
  for (const [prefix, language] of FEEDS)
    app.get(`${prefix}/feed.xml`, (request, reply) =>
      xml(request, reply, 'application/rss+xml', () => renderer.feed(language), [posts]),
    )
}
export default seo
