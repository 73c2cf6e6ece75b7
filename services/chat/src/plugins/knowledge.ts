import fp from 'fastify-plugin'
import { Counter, Gauge } from 'prom-client'
import { purgeChannel } from '@site/contracts'
import { createRedis } from '@site/service-kit'
import { KnowledgeIndex } from '../knowledge/index.js'
import type { SourceOptions } from '../knowledge/sources.js'

declare module 'fastify' {
  interface FastifyInstance {
    knowledge: KnowledgeIndex
  }
}

export interface KnowledgeOptions extends SourceOptions {
  refreshMs: number
  /** The change records' purge announcements (Redis pub/sub): the index refreshes within moments. */
  changes?: { redisUrl: string; prefix: string }
}

/**
 * The search index over the site's published content: refreshed when a change record announces
 * keys of public content (content and blog writes, imports), and every refreshMs as a backstop (an
 * announcement lost while Redis was away).
 */
export default fp<KnowledgeOptions>(
  async (app, opts) => {
    const index = new KnowledgeIndex({ ...opts, log: app.log })
    app.decorate('knowledge', index)
    new Gauge({
      name: 'chat_index_passages',
      help: 'Passages in the chat search index',
      registers: [app.metrics],
      collect() {
        this.set(index.size.passages)
      },
    })
    const announced = new Counter({
      name: 'chat_index_change_events_total',
      help: 'Change records announced (purge channel) that triggered an index refresh',
      registers: [app.metrics],
    })
    // A connection of its own: a subscribed Redis connection can do nothing else.
    const subscriber = opts.changes
      ? createRedis(opts.changes.redisUrl, {
          enableOfflineQueue: true,
          maxRetriesPerRequest: null,
          lazyConnect: true,
        })
      : undefined
    if (subscriber && opts.changes) {
      const channels = [purgeChannel(opts.changes.prefix)]
      subscriber.on('message', () => {
        announced.inc()
        index.refreshSoon()
      })
      // After a reconnect, announcements made meanwhile are lost: read everything again.
      let connectedBefore = false
      subscriber.on('ready', () => {
        if (connectedBefore) index.refreshSoon()
        connectedBefore = true
      })
      subscriber.on('error', () => undefined) // reconnects by itself; the poll covers the gap
      await subscriber.connect().catch(() => undefined)
      subscriber
        .subscribe(...channels)
        .catch((err: unknown) =>
          app.log.warn({ err }, 'chat: change channels not subscribed; the poll refreshes the index'),
        )
    }
    app.addHook('onReady', async () => {
      // The first read is awaited so the service starts with the site's content when it is there.
      await index.refresh()
      index.start()
    })
    app.addHook('onClose', async () => {
      subscriber?.disconnect()
      await index.stop()
    })
  },
  { name: 'chat-knowledge', dependencies: ['kit-metrics'] },
)
