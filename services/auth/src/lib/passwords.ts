import argon2, { type HashOptions } from 'argon2'
import { randomBytes } from 'node:crypto'
import type { Config } from '../config.js'

export interface PasswordHasher {
  readonly params: { memoryKiB: number; timeCost: number; parallelism: number }
  hash(password: string): Promise<string>
  /** False for a wrong password and for a missing account, in about the same time. */
  verify(hash: string | null | undefined, password: string): Promise<boolean>
  /** True when a stored hash was made with other (older, weaker) parameters than the current ones. */
  needsRehash(hash: string): boolean
}

/** argon2id with the configured cost (at least OWASP's minimum, enforced by the config schema). */
export async function createHasher(
  config: Pick<Config, 'ARGON2_MEMORY_KIB' | 'ARGON2_TIME_COST' | 'ARGON2_PARALLELISM'>,
): Promise<PasswordHasher> {
  const options: HashOptions & { memoryCost: number; timeCost: number; parallelism: number } = {
    type: argon2.argon2id,
    memoryCost: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
    parallelism: config.ARGON2_PARALLELISM,
  }
  // Verifying against this hash makes a login for an unknown username cost as much as a known one.
  const decoy = await argon2.hash(randomBytes(32).toString('base64url'), options)
  return {
    params: { memoryKiB: options.memoryCost, timeCost: options.timeCost, parallelism: options.parallelism },
    hash: (password) => argon2.hash(password, options),
    async verify(hash, password) {
      const known = typeof hash === 'string' && hash.startsWith('$argon2')
      try {
        const ok = await argon2.verify(known ? hash : decoy, password)
        return known && ok
      } catch {
        return false
      }
    },
    needsRehash: (hash) => argon2.needsRehash(hash, options),
  }
}
