import { tmpdir } from 'node:os'
import fp from 'fastify-plugin'
import { Counter, Gauge } from 'prom-client'
import { ChangeFeed } from '../knowledge/feed.js'
import { KnowledgeIndex } from '../knowledge/index.js'
import type { SourceOptions } from '../knowledge/sources.js'

const POSITION_WAIT_MS = 3000
const START_WAIT_MS = 20_000
const later = (ms: number) => new Promise<undefined>((r) => setTimeout(() => r(undefined), ms).unref())

declare module 'fastify' {
  interface FastifyInstance {
    knowledge: KnowledgeIndex
  }
}

export interface KnowledgeOptions extends SourceOptions {
  /** Where the index file is kept (empty: the system's temporary folder). */
  dir: string
  /** The change stream the index follows (every service's change records). */
  changes?: { redisUrl: string; prefix: string }
}

/**
 * The search index over the site's published content: read whole at start, then kept up to date
 * from the change stream (docs/chat.md, "Grounding"): a post by its id, a small source whole.
 */
export default fp<KnowledgeOptions>(
  async (app, opts) => {
    const index = new KnowledgeIndex({ ...opts, dir: opts.dir || tmpdir(), log: app.log })
    app.decorate('knowledge', index)
    new Gauge({
      name: 'chat_index_passages',
      help: 'Passages in the chat search index',
      registers: [app.metrics],
      collect() {
        this.set(index.size.passages)
      },
    })
    const heard = new Counter({
      name: 'chat_index_change_events_total',
      help: 'Change records read from the change stream (those that concern the index are applied)',
      registers: [app.metrics],
    })
    const feed = opts.changes
      ? new ChangeFeed(opts.changes.redisUrl, opts.changes.prefix, app.log)
      : undefined
    app.addHook('onReady', async () => {
      // Where the stream stands before the first read: what is written during it comes after.
      // Without an answer the feed reads everything again once Redis is back.
      const from =
        feed && (await Promise.race([feed.position().catch(() => undefined), later(POSITION_WAIT_MS)]))
      if (feed && from === undefined)
        app.log.warn('chat: change stream not reachable; the index follows it once it is')
      // The first read is awaited so the service starts with the site's content when it is there,
      // for a while: at 10,000 posts it takes minutes, longer than an orchestrator waits for a
      // process to listen; the rest comes in while the service answers.
      await Promise.race([index.refresh(), later(START_WAIT_MS)])
      feed?.start(from, {
        records: (records) => {
          heard.inc(records.length)
          return index.changed(records)
        },
        lost: () => index.refresh(),
      })
    })
    app.addHook('onClose', async () => {
      await feed?.stop()
      await index.stop()
    })
  },
  { name: 'chat-knowledge', dependencies: ['kit-metrics'] },
)
