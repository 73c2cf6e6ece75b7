// The first lines of `npm start` and `npm run dev`: which Node runs the processes, which database and
// Redis they use, and where their data lives, so a newcomer knows what is running before the logs.
import { relative } from 'node:path'
import { root } from './infra.mjs'

const here = (path) => relative(root, path) || '.'

function nodeLine() {
  const fromDevDependency = process.execPath.startsWith(root)
  return `Node ${process.version} (${fromDevDependency ? 'the `node` devDependency, as every npm script' : process.execPath})`
}

function dataOf(kind, data) {
  if (data === 'FERRETDB_POSTGRESQL_URL') return 'data in the PostgreSQL database of FERRETDB_POSTGRESQL_URL'
  if (data) return `data in ${here(data)}`
  if (kind === 'MONGO_URL' || kind === 'REDIS_URL') return `data on that server (${kind})`
  if (/6379/.test(kind)) return 'data wherever that Redis keeps it'
  return 'data in a container, thrown away at the end'
}

/** @param {{ mongoKind: string, mongoUrl: string, mongoData: string|null, redisKind: string, redisUrl: string, redisData: string|null }} infra */
export function bannerLines(infra) {
  return [
    nodeLine(),
    `database: ${infra.mongoKind} at ${infra.mongoUrl}; ${dataOf(infra.mongoKind, infra.mongoData)}`,
    `Redis: ${infra.redisKind} at ${infra.redisUrl}; ${dataOf(infra.redisKind, infra.redisData)}`,
  ]
}
