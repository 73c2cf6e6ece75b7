import { Schema, type Connection, type Model } from 'mongoose'

/**
 * A conversation: the turns of one chat session id. Kept beside the turns so the transcripts list
 * by latest activity without grouping every turn (FerretDB's $group has no $max), and so the
 * retention sweep and an erasure remove it whole.
 */
export type ConversationDoc = {
  /** The widget's session id. */
  _id: string
  startedAt: Date
  lastAt: Date
}

const schema = new Schema<ConversationDoc>(
  {
    _id: { type: String, required: true },
    startedAt: { type: Date, required: true },
    lastAt: { type: Date, required: true },
  },
  { collection: 'chat_conversations', versionKey: false },
)
schema.index({ lastAt: -1 })

export type ConversationModel = Model<ConversationDoc>

export function conversationModel(db: Connection): ConversationModel {
  return (
    (db.models.ChatConversation as ConversationModel | undefined) ??
    db.model<ConversationDoc>('ChatConversation', schema)
  )
}
