import { Schema, type Connection, type Model } from 'mongoose'

/**
 * One message of a conversation (visitor or assistant). One document per turn instead of an
 * array per session: FerretDB ignores `$push` with `$slice`, and old turns expire one by one.
 */
export type TurnDoc = {
  sessionId: string
  role: 'user' | 'assistant'
  text: string
  language: string
  mode?: 'llm' | 'retrieval'
  at: Date
}

const schema = new Schema<TurnDoc>(
  {
    sessionId: { type: String, required: true },
    role: { type: String, required: true, enum: ['user', 'assistant'] },
    text: { type: String, required: true },
    language: { type: String, required: true },
    mode: { type: String, enum: ['llm', 'retrieval'] },
    at: { type: Date, required: true, default: () => new Date() },
  },
  { collection: 'chat_turns', versionKey: false },
)
schema.index({ sessionId: 1, at: -1 })
// No TTL index (FerretDB has none): the retention sweep deletes by this index.
schema.index({ at: 1 })

export type TurnModel = Model<TurnDoc>

export function turnModel(db: Connection): TurnModel {
  return (db.models.ChatTurn as TurnModel | undefined) ?? db.model<TurnDoc>('ChatTurn', schema)
}
