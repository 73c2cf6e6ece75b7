// .data/dev/stack.json: where the running `npm start` keeps its data (MongoDB and Redis URLs, the
// queue prefix), so `npm run backup` and `npm run restore` need no arguments (FerretDB's port is
// drawn at each start). Written once the infrastructure is up; removed when the stack stops.
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './infra.mjs'

export const STACK_FILE = join(root, '.data/dev/stack.json')

/** Records the stack; returns what removes the record. */
export function recordStack(infra, port) {
  writeFileSync(
    STACK_FILE,
    JSON.stringify({
      pid: process.pid,
      mongoUrl: infra.mongoUrl,
      redisUrl: infra.redisUrl,
      queuePrefix: process.env.QUEUE_PREFIX ?? 'site',
      gateway: `http://localhost:${port}`,
    }),
    { mode: 0o600 },
  )
  return () => rmSync(STACK_FILE, { force: true })
}
