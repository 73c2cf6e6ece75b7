import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './infra.mjs'

/**
 * A session secret that survives restarts of `npm start` and `npm run dev` (one file for both, in
 * .data/dev), so signed-in admins stay signed in.
 */
export function devSessionSecret() {
  const file = join(root, '.data/dev/session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(join(root, '.data/dev'), { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
