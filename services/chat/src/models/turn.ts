import { Schema, type Connection, type Model, type Types } from 'mongoose'
import type { ChatSource } from '@site/contracts'

/**
 * One message of a conversation (the visitor's question or the assistant's answer). One document
 * per turn instead of an array per session: FerretDB ignores `$push` with `$slice`, a rating is
 * one update of one answer, and old turns expire one by one.
 */
export type TurnDoc = {
  _id: Types.ObjectId
  sessionId: string
  role: 'user' | 'assistant'
  text: string
  language: string
  at: Date
  // Questions
  /** The page path the widget sent with the question. */
  page?: string | null
  /** The question normalized (questions.ts): the unanswered questions are grouped by it. */
  questionKey?: string
  /** Retrieval found nothing relevant on the site for this question. */
  notFound?: boolean
  /** The visitor marked the answer to this question unhelpful. */
  unhelpful?: boolean
  // Answers
  mode?: 'llm' | 'retrieval'
  sources?: ChatSource[]
  /** The question this answers. */
  replyTo?: Types.ObjectId
  /** The visitor's rating; absent or null: not rated. */
  helpful?: boolean | null
  ratedAt?: Date | null
  /** The UTC day of the answer (YYYY-MM-DD): ratings are counted by it (FerretDB groups by fields, not dates). */
  day?: string
}

const source = new Schema<ChatSource>({ title: String, url: String }, { _id: false })

const schema = new Schema<TurnDoc>(
  {
    sessionId: { type: String, required: true },
    role: { type: String, required: true, enum: ['user', 'assistant'] },
    text: { type: String, required: true },
    language: { type: String, required: true },
    at: { type: Date, required: true, default: () => new Date() },
    page: { type: String, default: undefined },
    questionKey: { type: String, default: undefined },
    notFound: { type: Boolean, default: undefined },
    unhelpful: { type: Boolean, default: undefined },
    mode: { type: String, enum: ['llm', 'retrieval'] },
    sources: { type: [source], default: undefined },
    replyTo: { type: Schema.Types.ObjectId, default: undefined },
    helpful: { type: Boolean, default: undefined },
    ratedAt: { type: Date, default: undefined },
    day: { type: String, default: undefined },
  },
  { collection: 'chat_turns', versionKey: false },
)
schema.index({ sessionId: 1, at: -1 })
// No TTL index (FerretDB has none): the retention sweep deletes by this index.
schema.index({ at: 1 })
// The unanswered questions (by key) and the ratings (by day).
schema.index({ questionKey: 1, at: -1 })
schema.index({ day: 1 })

export type TurnModel = Model<TurnDoc>

export function turnModel(db: Connection): TurnModel {
  return (db.models.ChatTurn as TurnModel | undefined) ?? db.model<TurnDoc>('ChatTurn', schema)
}
