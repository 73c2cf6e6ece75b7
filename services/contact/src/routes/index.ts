import type { FastifyPluginAsync } from 'fastify'
import { adminOnly } from '@site/service-kit'
import type { Config } from '../config.js'
import { contactModel } from '../models/contact.js'
import { createNotifyQueue } from '../lib/notify-queue.js'
import publicRoutes from './contacts/public.js'
import adminRoutes from './contacts/admin.js'

/** Contact routes: the public form endpoint and the admin inbox, in separate contexts. */
const routes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const contacts = contactModel(app.db)
  const notify = createNotifyQueue({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, ...config })
  app.addHook('onClose', async () => {
    await notify.close()
  })
  ensureIndexes(app, () => contacts.createIndexes())

  await app.register(publicRoutes, { config, contacts, notify })
  await app.register(async (admin) => {
    // 401 before the body is read; answers private, no-store (personal data).
    adminOnly(admin)
    await admin.register(adminRoutes, { contacts, redis: app.redis, ns: config.QUEUE_PREFIX })
  })
}
export default routes

/** The unique index collapses double submits; if the database is away at boot, keep trying. */
function ensureIndexes(app: Parameters<FastifyPluginAsync>[0], build: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined
  const attempt = () => {
    build().catch((err: unknown) => {
      app.log.warn({ err: (err as Error).message }, 'contact indexes not built yet; retrying')
      timer = setTimeout(attempt, 5000)
      timer.unref()
    })
  }
  app.addHook('onReady', async () => {
    await build().catch(() => attempt())
  })
  app.addHook('onClose', async () => clearTimeout(timer))
}
