import mongoose, { Types, type Connection } from 'mongoose'
import type { ChatMode, ChatSource, Locale } from '@site/contracts'
import type { ChatTurn } from '../answer/prompt.js'
import { conversationModel } from '../models/conversation.js'
import { turnModel } from '../models/turn.js'
import { questionKey, utcDay } from './questions.js'

/** One question and its answer, as the assistant stores them. */
export interface Exchange {
  sessionId: string
  question: string
  answer: string
  language: Locale
  mode: ChatMode
  sources: ChatSource[]
  /** The page the visitor asked from. */
  page?: string | null
  /** Whether the site's content held anything relevant (false: an unanswered question). */
  found: boolean
}

export interface ConversationStore {
  /** The last `limit` turns of a session, oldest first. */
  recent(sessionId: string, limit: number): Promise<ChatTurn[]>
  /** Stores a question and its answer; the answer's id is what a visitor rates. */
  addExchange(exchange: Exchange, at?: Date): Promise<{ questionId: string; answerId: string }>
  /** The visitor's rating of one answer of their session; false when there is no such answer. */
  rate(sessionId: string, messageId: string, helpful: boolean): Promise<boolean>
  /** Deletes a conversation and every turn of it; false when there was none. */
  erase(sessionId: string): Promise<boolean>
  /** Deletes turns older than the retention period, and conversations with nothing newer. */
  sweep(now?: Date): Promise<number>
}

export function createStore(db: Connection, retentionMs: number): ConversationStore {
  const Turn = turnModel(db)
  const Conversation = conversationModel(db)
  return {
    async recent(sessionId, limit) {
      if (limit <= 0) return []
      const docs = await Turn.find({ sessionId }, { role: 1, text: 1, _id: 0 })
        .sort({ at: -1, _id: -1 })
        .limit(limit)
        .lean()
      return docs.reverse().map((d) => ({ role: d.role, text: d.text }))
    },

    async addExchange(x, at = new Date()) {
      const questionId = new Types.ObjectId()
      const answerId = new Types.ObjectId()
      // The answer a millisecond later keeps the order stable when sorted by time.
      const answeredAt = new Date(at.getTime() + 1)
      await Turn.insertMany([
        {
          _id: questionId,
          sessionId: x.sessionId,
          role: 'user',
          text: x.question,
          language: x.language,
          at,
          page: x.page ?? null,
          questionKey: questionKey(x.question),
          notFound: !x.found,
        },
        {
          _id: answerId,
          sessionId: x.sessionId,
          role: 'assistant',
          text: x.answer,
          language: x.language,
          at: answeredAt,
          mode: x.mode,
          sources: x.sources,
          replyTo: questionId,
          day: utcDay(answeredAt),
        },
      ])
      // After the turns: a listed conversation always has its messages.
      await Conversation.updateOne(
        { _id: x.sessionId },
        { $setOnInsert: { startedAt: at }, $set: { lastAt: answeredAt } },
        { upsert: true },
      )
      return { questionId: String(questionId), answerId: String(answerId) }
    },

    async rate(sessionId, messageId, helpful) {
      // No projection: FerretDB's findAndModify does not take one.
      const answer = await Turn.findOneAndUpdate(
        { _id: messageId, sessionId, role: 'assistant' },
        { $set: { helpful, ratedAt: new Date() } },
      ).lean()
      if (!answer) return false
      // The question of an unhelpful answer joins the unanswered questions (and leaves them again).
      if (answer.replyTo) await Turn.updateOne({ _id: answer.replyTo }, { $set: { unhelpful: !helpful } })
      return true
    },

    async erase(sessionId) {
      const [conversation, turns] = await Promise.all([
        Conversation.deleteOne({ _id: sessionId }),
        Turn.deleteMany({ sessionId }),
      ])
      return conversation.deletedCount + turns.deletedCount > 0
    },

    async sweep(now = new Date()) {
      const cutoff = mongoose.trusted({ $lt: new Date(now.getTime() - retentionMs) })
      const turns = await Turn.deleteMany({ at: cutoff })
      await Conversation.deleteMany({ lastAt: cutoff })
      return turns.deletedCount
    },
  }
}
