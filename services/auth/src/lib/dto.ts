import type { AuthUser } from '@site/contracts'
import type { UserDoc } from '../models/user.js'

/** An account as the API shows it: its id, name and display name, never its hash. */
export const toUserDto = (user: Pick<UserDoc, '_id' | 'username' | 'display_name'>): AuthUser => ({
  id: String(user._id),
  username: user.username,
  display_name: user.display_name ?? null,
})
