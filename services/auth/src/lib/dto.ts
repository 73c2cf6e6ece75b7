import type { AuthUser } from '@site/contracts'
import type { UserDoc } from '../models/user.js'

/** An account as the API shows it: its id and name, never its hash. */
export const toUserDto = (user: Pick<UserDoc, '_id' | 'username'>): AuthUser => ({
  id: String(user._id),
  username: user.username,
})
