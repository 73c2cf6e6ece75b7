import { createHash, randomBytes } from 'node:crypto'
import { Schema, type Connection, type Model, type Types } from 'mongoose'

/** An invitation (issue 46): the link's token is stored only as its hash. */
export type InvitationDoc = {
  _id: Types.ObjectId
  token_hash: string
  email: string
  role: string
  languages: string[]
  state: 'pending' | 'accepted' | 'revoked'
  invited_by_id: string
  invited_by_name: string
  expires_at: Date
  accepted_user_id?: string | null
  created_at: Date
  updated_at: Date
}

const schema = new Schema<InvitationDoc>(
  {
    token_hash: { type: String, required: true, unique: true },
    email: { type: String, required: true, index: true },
    role: { type: String, required: true },
    languages: { type: [String], default: [] },
    state: { type: String, required: true, default: 'pending' },
    invited_by_id: { type: String, required: true },
    invited_by_name: { type: String, required: true },
    expires_at: { type: Date, required: true },
    accepted_user_id: { type: String, default: null },
  },
  {
    collection: 'invitations',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
)

export type InvitationModel = Model<InvitationDoc>

export function invitationModel(db: Connection): InvitationModel {
  return (
    (db.models.Invitation as InvitationModel | undefined) ?? db.model<InvitationDoc>('Invitation', schema)
  )
}

/** A new link token (256 bits) and the hash that is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: tokenHash(token) }
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url')
