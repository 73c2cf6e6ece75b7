import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@site/contracts'
import type { UserDoc, UserModel } from '../models/user.js'
import { usernameKey } from '../models/user.js'
import type { PasswordHasher } from './passwords.js'
import { checkUsername } from './username.js'

export class AdminInputError extends Error {}

export type SeedOutcome = 'created' | 'password-updated' | 'unchanged'

/**
 * Creates the admin account, or sets its password when it exists with another one (the
 * operator's way to reset a forgotten password). Idempotent: a second run changes nothing.
 */
export async function upsertAdmin(
  users: UserModel,
  hasher: PasswordHasher,
  username: string,
  password: string,
): Promise<{ outcome: SeedOutcome; id: string }> {
  const checked = checkUsername(username)
  if ('problem' in checked) throw new AdminInputError(`ADMIN_USERNAME: ${checked.problem}`)
  if ([...password].length < PASSWORD_MIN)
    throw new AdminInputError(`ADMIN_PASSWORD: ${AUTH_MESSAGES.passwordTooShort}`)
  if (password.length > PASSWORD_MAX)
    throw new AdminInputError(`ADMIN_PASSWORD: ${AUTH_MESSAGES.passwordTooLong}`)
  await users.init() // the unique index must exist before the first insert
  const key = usernameKey(checked.username)
  const existing = await users.findOne({ username_key: key }).select('+password_hash').lean<UserDoc>()
  if (!existing) {
    const created = await users.create({
      username: checked.username,
      username_key: key,
      password_hash: await hasher.hash(password),
      role: 'owner',
    })
    return { outcome: 'created', id: String(created._id) }
  }
  const id = String(existing._id)
  if ((await hasher.verify(existing.password_hash, password)) && !hasher.needsRehash(existing.password_hash))
    return { outcome: 'unchanged', id }
  await users.updateOne(
    { _id: existing._id },
    { $set: { password_hash: await hasher.hash(password), password_changed_at: new Date() } },
  )
  return { outcome: 'password-updated', id }
}
