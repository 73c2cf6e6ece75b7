import type { Redis } from 'ioredis'
import { DEFAULT_BYLINE } from '@site/contracts'
import { loginNamesAmong } from '@site/service-kit'

/**
 * Public answers never carry a login name as a post's byline (issue 29; docs/security.md, "Public
 * names"). Posts made before display names existed have the admin's username as their author, and
 * an admin may still type one: every author that is a login name (the auth service's set, kit
 * session/login-names.ts) is shown as the site's byline. When Redis cannot say, every byline is:
 * a generic name for a moment is better than a leaked one. Admins' own reads keep what is stored.
 */
export async function publicBylines<T extends { author: string }>(
  redis: Redis,
  prefix: string,
  posts: T[],
): Promise<T[]> {
  let logins: Set<string> | null
  try {
    logins = await loginNamesAmong(
      redis,
      prefix,
      posts.map((p) => p.author),
    )
  } catch {
    logins = null
  }
  return posts.map((p) => (!logins || logins.has(p.author) ? { ...p, author: DEFAULT_BYLINE } : p))
}
