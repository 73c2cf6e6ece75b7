// The contact form's proof of work for scripts and tests (docs/contact.md, "Spam"): fetch a
// challenge from GET /api/contacts/challenge and solve it with node:crypto, as the browser's worker
// does with crypto.subtle. The answer is the `altcha` field of POST /api/contacts.
import { createHash } from 'node:crypto'

/**
 * The number n ≤ maxnumber with SHA-256(salt + n) = challenge, or null.
 * @param {{ algorithm: string, challenge: string, maxnumber?: number, salt: string }} c
 */
export function solveNumber(c) {
  const max = c.maxnumber ?? 1e6
  for (let n = 0; n <= max; n++) {
    if (
      createHash('sha256')
        .update(c.salt + n)
        .digest('hex') === c.challenge
    )
      return n
  }
  return null
}

/**
 * The base64 payload of a solved challenge (what the ALTCHA widget sends).
 * @param {{ algorithm: string, challenge: string, maxnumber?: number, salt: string, signature: string }} c
 */
export function solveChallenge(c) {
  const number = solveNumber(c)
  if (number === null) throw new Error('proof of work: no solution in range')
  const { algorithm, challenge, salt, signature } = c
  return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString('base64')
}

/**
 * Fetches a challenge from a site (or service) origin and solves it.
 * @param {string} origin e.g. http://127.0.0.1:8080
 * @param {Record<string, string>} [headers]
 * @returns {Promise<string>}
 */
export async function fetchProof(origin, headers = {}) {
  const res = await fetch(`${origin.replace(/\/$/, '')}/api/contacts/challenge`, { headers })
  if (!res.ok) throw new Error(`GET /api/contacts/challenge → ${res.status}`)
  return solveChallenge(await res.json())
}
