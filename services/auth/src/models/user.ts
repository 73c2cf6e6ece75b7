import { Schema, type Connection, type Model, type Types } from 'mongoose'
import { usernameKey } from '@site/service-kit'
import { LEGACY_ROLE, isRole, type Role } from '@site/contracts'

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
  /** Lowercased e-mail (issue 46): unique when present; sign-in accepts it instead of the username. */
  email?: string | null
  /** contracts ROLES; absent in an account made before roles: the owner (LEGACY_ROLE). */
  role?: Role
  /** A translator's languages. */
  languages?: string[]
  /** invited accounts do not exist yet (invitations are their own collection): active or disabled. */
  disabled?: boolean
  last_sign_in_at?: Date | null
  /** Two-factor sign-in (TOTP): set once enabled. */
  totp_secret?: string | null
  /**
   * Whether two-factor sign-in is on, kept beside the (hidden) secret so that lists need not read
   * it; derived from the secret at start for accounts from before the field (plugins/accounts.ts).
   */
  two_factor?: boolean
  /** A secret made by /2fa/setup, not yet confirmed by a code. */
  totp_pending?: string | null
  /** The last TOTP time step used: a code works once. */
  totp_last_step?: number | null
  /** SHA-256 of each unused recovery code. */
  recovery_codes?: string[]
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
    email: { type: String, default: undefined },
    role: { type: String, default: undefined },
    languages: { type: [String], default: undefined },
    disabled: { type: Boolean, default: undefined },
    last_sign_in_at: { type: Date, default: null },
    totp_secret: { type: String, default: null, select: false },
    two_factor: { type: Boolean, default: false },
    totp_pending: { type: String, default: null, select: false },
    totp_last_step: { type: Number, default: null },
    recovery_codes: { type: [String], default: undefined, select: false },
  },
  {
    collection: 'users',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
)
// Unique among the accounts that have one (the owner from ADMIN_USERNAME may have none): sparse.
schema.index({ email: 1 }, { unique: true, sparse: true })

export type UserModel = Model<UserDoc>

export function userModel(db: Connection): UserModel {
  return (db.models.User as UserModel | undefined) ?? db.model<UserDoc>('User', schema)
}

/** The role of a stored account (one made before roles is the owner). */
export const roleOf = (user: { role?: string | null }): Role => (isRole(user.role) ? user.role : LEGACY_ROLE)

/** The lookup form of an e-mail address. */
export const emailKey = (email: string) => email.normalize('NFKC').trim().toLowerCase()

/** The account a sign-in names: an e-mail address (when it has an @ and one has it), else the username. */
export async function findByLogin(users: UserModel, login: string): Promise<UserDoc | null> {
  if (login.includes('@')) {
    const byEmail = await users
      .findOne({ email: emailKey(login) })
      .select('+password_hash +totp_secret')
      .lean<UserDoc>()
    if (byEmail) return byEmail
  }
  return users
    .findOne({ username_key: usernameKey(login) })
    .select('+password_hash +totp_secret')
    .lean<UserDoc>()
}
