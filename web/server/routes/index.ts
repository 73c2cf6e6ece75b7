import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../config'
import renderer from '../plugins/renderer'
import files from './files'
import pages from './pages'
import seo from './seo'

/** The renderer, then the build's files, the sitemaps, robots and feeds, and every other path as a page. */
const routes: FastifyPluginAsync<{ config: Config; dist: string }> = async (app, { config, dist }) => {
  await app.register(renderer, { config, dist })
  await app.register(files, { dist })
  await app.register(seo)
  await app.register(pages, { config })
}
export default routes
