import type { TeamMember } from '@site/contracts'
import { roleOf, type UserDoc } from '../models/user.js'

/** An account as the Users tab lists it (issue 46). */
export function toTeamMember(user: UserDoc): TeamMember {
  return {
    id: String(user._id),
    username: user.username,
    email: user.email ?? null,
    display_name: user.display_name ?? null,
    role: roleOf(user),
    languages: user.languages ?? [],
    state: user.disabled ? 'disabled' : 'active',
    two_factor: user.two_factor === true,
    last_sign_in_at: user.last_sign_in_at ? user.last_sign_in_at.toISOString() : null,
    created_at: user.created_at.toISOString(),
  }
}
