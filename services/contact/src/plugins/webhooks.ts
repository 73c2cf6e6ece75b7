import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { createWebhookQueue, type WebhookQueue } from '../lib/webhook.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The producer side of the webhook queue ("send again" in the inbox). */
    webhookQueue: WebhookQueue
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const queue = createWebhookQueue({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, ...config })
    app.addHook('onClose', async () => {
      await queue.close()
    })
    app.decorate('webhookQueue', queue)
  },
  { name: 'contact-webhooks' },
)
