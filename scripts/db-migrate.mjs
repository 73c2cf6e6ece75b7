// `npm run db:migrate`: moves a site that `npm start` ran on FerretDB's SQLite handler (the embedded
// default before PostgreSQL, data in .data/dev/ferretdb) to the PostgreSQL default, once. It is
// `npm run backup` from the old database and `npm run restore` into the new one, with the servers
// for both started here: FerretDB on the old SQLite folder, the new cluster in .data/dev/postgres
// and the site's Redis. The archive stays in .data/backups/ and the old folder is renamed
// ferretdb-sqlite-moved, so nothing is deleted (docs/operations.md, "Moving a site to the
// PostgreSQL default"). Run it with the site stopped. `-- --drop` replaces what an interrupted earlier
// run restored; `--name N` moves .data/N instead of .data/dev (the tests).
import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import { existsSync, readFileSync, renameSync } from 'node:fs'
import { join, relative } from 'node:path'
import { hasUnmovedSqliteData, sqliteDir, startSqliteFerretDB } from './lib/embedded-db.mjs'
import { ensureInfra, InfraError, loadDotEnv, root } from './lib/infra.mjs'
import { STACK_FILE } from './lib/stack-file.mjs'

loadDotEnv()
const { values } = parseArgs({
  options: { drop: { type: 'boolean' }, name: { type: 'string', default: 'dev' } },
})
const say = (m) => process.stderr.write(`[db:migrate] ${m}\n`)
const dataDir = join(root, '.data', values.name)
const old = sqliteDir(dataDir)

function running() {
  if (values.name !== 'dev' || !existsSync(STACK_FILE)) return false
  try {
    process.kill(JSON.parse(readFileSync(STACK_FILE, 'utf8')).pid, 0)
    return true
  } catch {
    return false
  }
}

if (!hasUnmovedSqliteData(dataDir)) {
  say(`nothing to move: no SQLite data in ${relative(root, old)}`)
  process.exit(0)
}
if (running()) {
  say('the site is running: stop `npm start` (Ctrl-C) first, so no write is left behind')
  process.exit(2)
}
if (process.env.MONGO_URL) {
  say('MONGO_URL is set: this command moves the embedded database only; unset it for this run')
  process.exit(2)
}

const stops = []
let code = 0
try {
  const infra = await ensureInfra({ name: values.name, log: say, moving: true })
  stops.unshift(() => infra.stop())
  const from = await startSqliteFerretDB({ dir: old, dataDir, log: say })
  stops.unshift(from.stop)
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const archive = join(root, '.data/backups', `site-before-postgres-${stamp}.bson.gz`)
  const step = (script, args, mongoUrl) =>
    spawnSync(process.execPath, [join(root, 'scripts', script), ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, MONGO_URL: mongoUrl, REDIS_URL: infra.redisUrl },
    }).status
  say(`backing up the SQLite site (${relative(root, old)})...`)
  if (step('backup.mjs', ['--out', archive], from.url) !== 0) throw new Error('the backup failed (see above)')
  say(`restoring it into ${relative(root, infra.mongoData)}...`)
  const restore = [archive, ...(values.drop ? ['--drop'] : [])]
  if (step('restore.mjs', restore, infra.mongoUrl) !== 0)
    throw new Error('the restore failed (see above; `npm run db:migrate -- --drop` replaces a partial one)')
  renameSync(old, `${old}-sqlite-moved`)
  say(
    `moved. The archive is ${relative(root, archive)}; the old folder is ${relative(root, old)}-sqlite-moved (delete it when the site looks right). npm start uses the new database.`,
  )
} catch (err) {
  say(err instanceof InfraError ? err.message : `failed: ${err.message}; the old data is untouched`)
  code = 1
} finally {
  for (const stop of stops) await stop()
}
process.exit(code)
