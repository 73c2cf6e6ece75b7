import { Schema, type Connection, type Model, type Types } from 'mongoose'
import { usernameKey } from '@site/service-kit'

export type UserDoc = {
  _id: Types.ObjectId
  /** As the admin typed it (trimmed); shown in the admin UI, never publicly. */
  username: string
  /** The public byline of the admin's posts; null: the site's (DEFAULT_BYLINE). */
  display_name?: string | null
  /** Lowercased username: the unique key (FerretDB has no case-insensitive collations, design §3). */
  username_key: string
  /** argon2id hash; never selected unless asked for, never returned or logged. */
  password_hash: string
  password_changed_at: Date
  created_at: Date
  updated_at: Date
}

/** The unique lookup key of a username: case-insensitive, and the same for look-alike Unicode forms (the kit's, shared with the login-names set). */
export { usernameKey }

const schema = new Schema<UserDoc>(
  {
    username: { type: String, required: true },
    username_key: { type: String, required: true, unique: true },
    display_name: { type: String, default: null },
    password_hash: { type: String, required: true, select: false },
    password_changed_at: { type: Date, required: true, default: () => new Date() },
  },
  {
    collection: 'users',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
)

export type UserModel = Model<UserDoc>

export function userModel(db: Connection): UserModel {
  return (db.models.User as UserModel | undefined) ?? db.model<UserDoc>('User', schema)
}
