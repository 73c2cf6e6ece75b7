import fp from 'fastify-plugin'
import { Gauge } from 'prom-client'
import { KnowledgeIndex } from '../knowledge/index.js'
import type { SourceOptions } from '../knowledge/sources.js'

declare module 'fastify' {
  interface FastifyInstance {
    knowledge: KnowledgeIndex
  }
}

/** The search index over the site's published content, refreshed in the background. */
export default fp<SourceOptions & { refreshMs: number }>(
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
    app.addHook('onReady', async () => {
      // The first read is awaited so the service starts with the site's content when it is there.
      await index.refresh()
      index.start()
    })
    app.addHook('onClose', async () => index.stop())
  },
  { name: 'chat-knowledge', dependencies: ['kit-metrics'] },
)
