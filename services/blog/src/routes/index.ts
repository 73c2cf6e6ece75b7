import type { FastifyPluginAsync } from 'fastify'
import { adminOnly } from '@site/service-kit'
import type { Config } from '../config.js'
import { createContext } from '../context.js'
import publicRoutes from './public.js'
import adminPosts from './admin-posts.js'
import translate from './translate.js'
import upload from './upload.js'
import jobs from './jobs.js'
import images from './images.js'
import queueBoard from './queue-board.js'

/** Public reads in one context; everything that needs an admin in another, behind the kit's adminOnly. */
const routes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const ctx = await createContext(app, config)
  await app.register(publicRoutes, { ctx })
  await app.register(images)
  await app.register(async (admin) => {
    adminOnly(admin)
    await admin.register(adminPosts, { ctx })
    await admin.register(translate, { ctx })
    await admin.register(upload, { ctx })
    await admin.register(jobs, { ctx })
  })
  // The operators' queue dashboard, with a guard of its own (its page redirects to the sign-in).
  await app.register(queueBoard, { config })
}
export default routes
