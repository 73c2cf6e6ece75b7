import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'
import { SURROGATE_KEY_HEADER, WEB_KEY } from '@site/contracts/surrogate'

/**
 * The browser build's files: hashed assets cached for a year, the rest (images, icons) for a day.
 * `.br` and `.gz` copies are written beside them by scripts/compress.mjs after the build.
 */
const files: FastifyPluginAsync<{ dist: string }> = async (app, { dist }) => {
  await app.register(fastifyStatic, {
    root: dist,
    // A route per file, registered at start: any other path is a page.
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, path) {
      if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable')
      else reply.header('cache-control', 'public, max-age=86400').header(SURROGATE_KEY_HEADER, WEB_KEY)
    },
  })
}
export default files
