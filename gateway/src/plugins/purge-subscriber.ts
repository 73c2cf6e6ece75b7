import fp from 'fastify-plugin'
import { createRedis } from '@site/service-kit'
import { purgeChannel, type PurgeMessage } from '@site/contracts'
import type { SharedCache } from '../cache/shared-cache.js'
import type { CacheMetrics } from './shared-cache-metrics.js'

/**
 * Every gateway replica listens to the deployment's purge channel (`<QUEUE_PREFIX>:purge`), on which
 * each write's change record names the surrogate keys it touches (the kit's ChangeLog), and drops
 * the answers carrying them: the next request fetches them again, and they are never served again
 * whatever fails afterwards. Only a purge flagged `stale` (an edit of a document that stays
 * public) keeps them to stand in, for CACHE_PURGED_STALE_SECONDS at most, while their own upstream
 * is unwell. A reconnect drops everything, since announcements may have been missed while the
 * connection was away (an unpublish among them). Without REDIS_URL (one local process) there is nothing to hear: answers
 * then live until their s-maxage.
 */
export default fp<{
  redisUrl: string | undefined
  prefix: string
  cache: SharedCache
  metrics: CacheMetrics
}>(
  async (app, { redisUrl, prefix, cache, metrics }) => {
    if (!redisUrl) {
      app.log.warn('shared cache: no REDIS_URL, purges are not heard (answers live until their s-maxage)')
      return
    }
    // A subscriber connection: no command timeout, and it resubscribes on every reconnect.
    // Named, so an operator (and the test) can tell it in CLIENT LIST.
    const sub = createRedis(redisUrl, {
      maxRetriesPerRequest: null,
      enableOfflineQueue: true,
      connectionName: `${prefix.replace(/[^\w:.-]/g, '_')}:gateway-purge`,
    })
    let connectedBefore = false
    sub.on('ready', () => {
      if (connectedBefore) {
        metrics.purges.inc()
        metrics.purged.inc(cache.purge(null))
        app.log.info('shared cache: purge channel reconnected, every answer dropped')
      }
      connectedBefore = true
    })
    sub.on('message', (_channel: string, raw: string) => {
      let message: PurgeMessage
      try {
        message = JSON.parse(raw) as PurgeMessage
      } catch {
        return app.log.warn({ raw: raw.slice(0, 200) }, 'shared cache: purge message not JSON')
      }
      if (!Array.isArray(message.keys)) return
      metrics.purges.inc()
      metrics.purged.inc(cache.purge(message.keys.map(String), message.stale === true))
    })
    sub
      .subscribe(purgeChannel(prefix))
      .catch((err: unknown) =>
        app.log.warn({ err }, 'shared cache: could not subscribe to the purge channel yet'),
      )
    app.addHook('onClose', async () => void sub.disconnect())
  },
  { name: 'gateway-purge-subscriber' },
)
