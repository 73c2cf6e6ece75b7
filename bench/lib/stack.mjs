// What the benches do with a test stack (scripts/lib/stack.mjs) before they measure.

/**
 * Extra environment for a bench's stack: the bench is one client (the seed, then 50 connections),
 * so the per-client rate limits of every class are lifted, or it would seed into and measure 429s
 * (uploads to the media library are in the sensitive class: 60 a minute by default). And the
 * gateway runs as in production: the test stacks' ETAG_CHECK reads and hashes every answer's body.
 */
export const BENCH_STACK_ENV = {
  ETAG_CHECK: 'false',
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_READ_PER_MINUTE: '100000000',
  RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000000',
}

/** Seeds an admin and signs in: the headers of the admin's API writes (session cookie, CSRF header). */
export async function adminHeaders(stack, username = 'bench-admin', password = 'bench-admin-password-1') {
  stack.seedAdmin(username, password)
  const base = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin: stack.url }
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: base,
    body: JSON.stringify({ username, password }),
  })
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`)
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { ...base, cookie }
}
