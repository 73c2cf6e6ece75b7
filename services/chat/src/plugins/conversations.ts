import fp from 'fastify-plugin'
import { createInsights, type Insights } from '../conversations/insights.js'
import { createStore, type ConversationStore } from '../conversations/store.js'
import { createTranscripts, type Transcripts } from '../conversations/transcripts.js'

export type Conversations = ConversationStore & Transcripts & Insights & { retentionDays: number }

declare module 'fastify' {
  interface FastifyInstance {
    conversations: Conversations
  }
}

const DAY_MS = 24 * 3600 * 1000

/**
 * Conversations per chat session id: the turns, the admin's transcripts and what they show
 * (unanswered questions, ratings). Every turn is kept CHAT_RETENTION_DAYS, then removed by a
 * periodic sweep (FerretDB has no TTL index); a conversation goes with its last turn.
 */
export default fp<{ retentionDays: number; sweepMs: number }>(
  async (app, opts) => {
    const conversations: Conversations = {
      ...createStore(app.db, opts.retentionDays * DAY_MS),
      ...createTranscripts(app.db),
      ...createInsights(app.db),
      retentionDays: opts.retentionDays,
    }
    app.decorate('conversations', conversations)

    const run = () =>
      conversations.sweep().then(
        (n) => n && app.log.info({ deleted: n }, 'chat: expired conversation turns deleted'),
        (err: unknown) => app.log.warn({ err }, 'chat: retention sweep failed, will retry'),
      )
    const timer = setInterval(run, opts.sweepMs)
    timer.unref()
    app.addHook('onReady', async () => {
      void run()
    })
    app.addHook('onClose', async () => clearInterval(timer))
  },
  { name: 'chat-conversations', dependencies: ['kit-mongo'] },
)
