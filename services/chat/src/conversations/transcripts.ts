import mongoose, { type Connection } from 'mongoose'
import { escapeRegex } from '@site/service-kit'
import {
  CHAT_TRANSCRIPT_MESSAGES_MAX,
  type ChatConversation,
  type ChatConversationList,
  type ChatConversationQuery,
} from '@site/contracts'
import { conversationModel, type ConversationDoc } from '../models/conversation.js'
import { turnModel, type TurnDoc } from '../models/turn.js'
import { NO_TURNS, toConversationDto, type TurnCounts } from './dto.js'

export interface Transcripts {
  /** Conversations by latest activity, each with its messages; `q` finds a text in any message. */
  list(query: ChatConversationQuery): Promise<ChatConversationList>
  get(sessionId: string): Promise<ChatConversation | null>
}

type CountRow = { _id: { s: string; h?: boolean | null }; n: number }

export function createTranscripts(db: Connection): Transcripts {
  const Turn = turnModel(db)
  const Conversation = conversationModel(db)

  /** Turn counts per session, one aggregation (FerretDB's $group counts by fields only). */
  async function countsOf(ids: string[]): Promise<Map<string, TurnCounts>> {
    const rows = await Turn.aggregate<CountRow>([
      { $match: { sessionId: { $in: ids } } },
      { $group: { _id: { s: '$sessionId', h: '$helpful' }, n: { $sum: 1 } } },
    ])
    const counts = new Map<string, TurnCounts>()
    for (const { _id, n } of rows) {
      const c = counts.get(_id.s) ?? { ...NO_TURNS }
      c.messages += n
      if (_id.h === true) c.helpful += n
      if (_id.h === false) c.unhelpful += n
      counts.set(_id.s, c)
    }
    return counts
  }

  /**
   * The newest turns of these conversations in one read (on FerretDB's SQLite handler every read
   * scans, so not one per conversation), at most CHAT_TRANSCRIPT_MESSAGES_MAX each, oldest first.
   */
  async function turnsOf(ids: string[]): Promise<Map<string, TurnDoc[]>> {
    const docs = await Turn.find({ sessionId: mongoose.trusted({ $in: ids }) })
      .sort({ at: -1, _id: -1 })
      .limit(ids.length * CHAT_TRANSCRIPT_MESSAGES_MAX)
      .lean<TurnDoc[]>()
    const bySession = new Map<string, TurnDoc[]>(ids.map((id) => [id, []]))
    for (const d of docs) {
      const list = bySession.get(d.sessionId)
      if (list && list.length < CHAT_TRANSCRIPT_MESSAGES_MAX) list.push(d)
    }
    for (const list of bySession.values()) list.reverse()
    return bySession
  }

  async function withTurns(conversations: ConversationDoc[]): Promise<ChatConversation[]> {
    const ids = conversations.map((c) => c._id)
    if (!ids.length) return []
    const [turns, counts] = await Promise.all([turnsOf(ids), countsOf(ids)])
    return conversations.map((c) =>
      toConversationDto(c, turns.get(c._id) ?? [], counts.get(c._id) ?? NO_TURNS),
    )
  }

  return {
    async list({ page = 1, pageSize = 20, q }) {
      const text = q?.trim()
      const filter = text
        ? {
            _id: mongoose.trusted({
              $in: await Turn.distinct('sessionId', {
                text: mongoose.trusted({ $regex: escapeRegex(text), $options: 'i' }),
              }),
            }),
          }
        : {}
      const [docs, total] = await Promise.all([
        Conversation.find(filter)
          .sort({ lastAt: -1, _id: -1 })
          .skip((page - 1) * pageSize)
          .limit(pageSize)
          .lean<ConversationDoc[]>(),
        Conversation.countDocuments(filter),
      ])
      return { items: await withTurns(docs), page, pageSize, total }
    },

    async get(sessionId) {
      const doc = await Conversation.findById(sessionId).lean<ConversationDoc>()
      if (!doc) return null
      const [one] = await withTurns([doc])
      return one ?? null
    },
  }
}
