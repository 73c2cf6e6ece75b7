import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../config.js'
import store from '../store.js'
import content from './content/index.js'
import features from './features/index.js'
import pages from './pages/index.js'
import projects from './projects/index.js'
import objects from './objects/index.js'

/** The content service's routes: site content, features, pages, projects and their images. */
const routes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  await app.register(store, { config })
  await app.register(content)
  await app.register(features)
  await app.register(pages)
  await app.register(projects, { config })
  await app.register(objects)
}
export default routes
