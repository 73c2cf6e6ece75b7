import fp from 'fastify-plugin'
import { ConfigError } from '@site/service-kit'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRenderer, type Renderer } from '../../src/ssr/renderer'
import { siteOrigin, type Config } from '../config'

declare module 'fastify' {
  interface FastifyInstance {
    /** The React app rendered on the server, with the head, sitemaps and feeds (src/ssr/renderer.tsx). */
    renderer: Renderer
  }
}

/** The renderer over the browser build's page template and manifest (which names each page's chunks). */
export default fp<{ config: Config; dist: string }>(
  async (app, { config, dist }) => {
    const file = (name: string) => join(dist, name)
    if (!existsSync(file('index.html')) || !existsSync(file('.vite/manifest.json')))
      throw new ConfigError(`${dist} is missing: run \`npm run build -w web\` first (npm start does this).`)
    const renderer = createRenderer({
      template: readFileSync(file('index.html'), 'utf8'),
      upstreams: {
        contentUrl: config.CONTENT_URL,
        blogUrl: config.BLOG_URL,
        timeoutMs: config.SSR_UPSTREAM_TIMEOUT_MS,
      },
      origin: siteOrigin(config),
      manifest: JSON.parse(readFileSync(file('.vite/manifest.json'), 'utf8')),
      sitemapPostsPerFile: config.SITEMAP_POSTS_PER_FILE,
      onError: (err) => app.log.warn({ err }, 'server render'),
    })
    app.decorate('renderer', renderer)
  },
  { name: 'web-renderer' },
)
