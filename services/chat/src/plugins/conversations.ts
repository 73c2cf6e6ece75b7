import fp from 'fastify-plugin'
import mongoose from 'mongoose'
import { turnModel, type TurnDoc } from '../models/turn.js'
import type { ChatTurn } from '../answer/prompt.js'

export interface Conversations {
  /** The last `limit` turns of a session, oldest first. */
  recent(sessionId: string, limit: number): Promise<ChatTurn[]>
  add(turns: Omit<TurnDoc, 'at'>[], at?: Date): Promise<void>
  /** Deletes turns older than the retention period; returns how many. */
  sweep(now?: Date): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    conversations: Conversations
  }
}

/** Conversations per chat session id, kept CHAT_RETENTION_DAYS and removed by a periodic sweep. */
export default fp<{ retentionDays: number; sweepMs: number }>(
  async (app, opts) => {
    const Turn = turnModel(app.db)
    const retentionMs = opts.retentionDays * 24 * 3600 * 1000

    const conversations: Conversations = {
      async recent(sessionId, limit) {
        if (limit <= 0) return []
        const docs = await Turn.find({ sessionId }, { role: 1, text: 1, _id: 0 })
          .sort({ at: -1, _id: -1 })
          .limit(limit)
          .lean()
        return docs.reverse().map((d) => ({ role: d.role, text: d.text }))
      },
      async add(turns, at = new Date()) {
        // The assistant's turn a millisecond later keeps the order stable when sorted by time.
        await Turn.insertMany(turns.map((t, i) => ({ ...t, at: new Date(at.getTime() + i) })))
      },
      async sweep(now = new Date()) {
        const cutoff = new Date(now.getTime() - retentionMs)
        const res = await Turn.deleteMany({ at: mongoose.trusted({ $lt: cutoff }) })
        return res.deletedCount
      },
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
