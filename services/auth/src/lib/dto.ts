import type { AuthUser } from '@site/contracts'
import { roleOf, type UserDoc } from '../models/user.js'

/** An account as the API shows it: its id, names, role and e-mail, never its hash. */
export const toUserDto = (
  user: Pick<UserDoc, '_id' | 'username' | 'display_name' | 'role' | 'languages' | 'email'> & {
    totp_secret?: string | null
    two_factor?: boolean
  },
): AuthUser => ({
  id: String(user._id),
  username: user.username,
  display_name: user.display_name ?? null,
  role: roleOf(user),
  languages: user.languages ?? [],
  email: user.email ?? null,
  two_factor: Boolean(user.two_factor || user.totp_secret),
})
