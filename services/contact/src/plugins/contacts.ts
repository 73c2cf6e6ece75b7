import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import { contactModel, type ContactModel } from '../models/contact.js'
import { createNotifyQueue, type NotifyQueue } from '../lib/notify-queue.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The stored consultation requests (each with its outbox state). */
    contacts: ContactModel
    /** The producer side of the notification queue. */
    notifyQueue: NotifyQueue
  }
}

/** The contact requests and their notification queue; the unique index is built at boot (retried). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const contacts = contactModel(app.db)
    const notify = createNotifyQueue({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, ...config })
    app.addHook('onClose', async () => {
      await notify.close()
    })
    ensureIndexes(app, () => contacts.createIndexes())
    app.decorate('contacts', contacts)
    app.decorate('notifyQueue', notify)
  },
  { name: 'contact-contacts', dependencies: ['kit-mongo'] },
)

/** The unique index collapses double submits; if the database is away at boot, keep trying. */
function ensureIndexes(app: FastifyInstance, build: () => Promise<unknown>) {
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
