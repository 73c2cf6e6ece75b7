// Where a backup is taken from or restored to. Explicit settings win (MONGO_URL, REDIS_URL,
// QUEUE_PREFIX in the environment or .env, then the command's options); otherwise the stack
// `npm start` runs, which records its MongoDB and Redis in .data/dev/stack.json (FerretDB listens on
// a port drawn at each start). The databases are the services' in services.json: whole databases,
// so collections and GridFS buckets added later are backed up without a change here.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadDotEnv, root } from '../infra.mjs'
import { STACK_FILE } from '../stack-file.mjs'
import registry from '../../../services.json' with { type: 'json' }

export const BACKUP_DIR = join(root, '.data/backups')

/** Each service's database name; `pattern` may rename them, e.g. `stack_1a2b_{service}`. */
export function databases(pattern) {
  return Object.fromEntries(
    Object.entries(registry.services)
      .filter(([, s]) => s.database)
      .map(([name, s]) => [name, pattern ? pattern.replaceAll('{service}', name) : s.database]),
  )
}

/** @param {{ databases?: string, prefix?: string }} opts the command's options */
export function resolveTarget(opts = {}) {
  loadDotEnv()
  const running = existsSync(STACK_FILE) ? JSON.parse(readFileSync(STACK_FILE, 'utf8')) : {}
  const mongoUrl = process.env.MONGO_URL ?? running.mongoUrl
  const redisUrl = process.env.REDIS_URL ?? running.redisUrl
  if (!mongoUrl || !redisUrl)
    throw new Error(
      'No stack to back up: start it with `npm start` (it records its MongoDB and Redis in ' +
        '.data/dev/stack.json), or set MONGO_URL and REDIS_URL.',
    )
  return {
    mongoUrl,
    redisUrl,
    prefix: opts.prefix ?? process.env.QUEUE_PREFIX ?? running.queuePrefix ?? 'site',
    databases: databases(opts.databases),
  }
}

/** MONGO_URL without credentials, for the archive's header and the output. */
export const safeUrl = (url) => url.replace(/\/\/[^@/]*@/, '//***@')
