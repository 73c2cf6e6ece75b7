// Provides MongoDB and Redis for `npm start` and `npm test` when MONGO_URL / REDIS_URL are unset
// (design §7). `npm test` where a Docker daemon answers: containers from Testcontainers
// (containers.mjs). Otherwise, or for `npm start`, or when no image starts: the embedded database
// (embedded-db.mjs: FerretDB in our own small Go program, tools/ferretdb, on a PostgreSQL of the
// project's own), and the Redis on 127.0.0.1:6379 if one answers, otherwise a project-local
// redis-server. INFRA=containers|embedded forces a route. Data stays in the git-ignored .data/.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer, connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startContainers } from './containers.mjs'

export class InfraError extends Error {}

export const root = new URL('../../', import.meta.url).pathname
const toolsDir = join(root, '.tools')
const ferretSrc = join(root, 'tools/ferretdb')

/**
 * A port nobody listens on, for a process this run starts. Drawn at random from 20000-31999, below
 * the kernel's ephemeral range: a port the kernel hands out for listen(0) goes back to its pool the
 * moment we close it, and a concurrent stack (or an outgoing connection) was seen taking it before
 * our process bound it. Random draws make two stacks meeting on one port unlikely.
 */
export async function freePort() {
  for (let attempt = 0; ; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000)
    if (claimPort(port) && (await canBind(port))) return port
    if (attempt >= 50) throw new Error('no free port found in 20000-31999')
  }
}

/**
 * Between a port found free and its server's listen, a test file running beside this one (tap runs
 * two at a time) may draw the same port: CI saw a second gateway's port answered by another stack's
 * service. A port drawn here is claimed for two minutes in a file of the machine's temp folder,
 * which every drawer on the machine (this and the kit's testing freePort) respects.
 */
function claimPort(port) {
  const dir = join(tmpdir(), 'site-claimed-ports')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, String(port))
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' })
    return true
  } catch {
    try {
      if (Date.now() - statSync(file).mtimeMs < 120_000) return false
      writeFileSync(file, String(process.pid))
      return true
    } catch {
      return false
    }
  }
}

function canBind(port) {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.once('error', () => resolve(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)))
  })
}

export function portAnswers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = connect(port, host)
    s.setTimeout(500)
    s.once('connect', () => {
      s.destroy()
      resolve(true)
    })
    s.once('error', () => resolve(false))
    s.once('timeout', () => {
      s.destroy()
      resolve(false)
    })
  })
}

export async function waitForPort(port, what, timeoutMs = 60000, child) {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (child && child.exitCode !== null)
      throw new InfraError(`${what} exited at start (code ${child.exitCode}); see its log in .data/`)
    if (await portAnswers(port)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new InfraError(`${what} did not start listening on port ${port} within ${timeoutMs / 1000} s`)
}

function has(cmd, args = ['--version']) {
  const r = spawnSync(cmd, args, { stdio: 'ignore', timeout: 5000 })
  return r.status === 0
}

function redisPing(port) {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1')
    let data = ''
    s.setTimeout(1000)
    s.once('connect', () => s.write('PING\r\n'))
    s.on('data', (d) => {
      data += d
      if (data.includes('\r\n')) {
        s.destroy()
        resolve(data.startsWith('+PONG'))
      }
    })
    s.once('error', () => resolve(false))
    s.once('timeout', () => {
      s.destroy()
      resolve(false)
    })
  })
}

/** Builds tools/ferretdb into .tools/ferretdb unless the binary matches the current source. */
export function buildFerretDB(log = console.log) {
  const files = readdirSync(ferretSrc)
    .filter((f) => /\.(go|sql|mod|sum)$/.test(f))
    .sort()
    .map((f) => readFileSync(join(ferretSrc, f)))
  const hash = createHash('sha256').update(Buffer.concat(files)).digest('hex')
  const bin = join(toolsDir, 'ferretdb')
  const stamp = join(toolsDir, 'ferretdb.sha256')
  if (existsSync(bin) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return bin
  if (!has('go', ['version'])) {
    throw new InfraError(
      'No MongoDB available: set MONGO_URL to a MongoDB server, or install Go (to build FerretDB) or Docker.',
    )
  }
  log('building the embedded FerretDB (tools/ferretdb; about a minute the first time)...')
  mkdirSync(toolsDir, { recursive: true })
  const r = spawnSync('go', ['build', '-o', bin, '.'], {
    cwd: ferretSrc,
    stdio: 'inherit',
    env: { ...process.env, CGO_ENABLED: '0' },
  })
  if (r.status !== 0)
    throw new InfraError(
      'Building FerretDB with Go failed (see above); set MONGO_URL to use another MongoDB server.',
    )
  writeFileSync(stamp, hash)
  return bin
}

function dockerWorks() {
  return has('docker', ['info'])
}

/**
 * The route for MongoDB and Redis: INFRA=containers or embedded forces one; otherwise Testcontainers
 * where a Docker daemon answers and the data is throwaway (`npm test`), the embedded route otherwise
 * (`npm start` keeps its data in .data/dev across runs).
 */
function chooseRoute(env, fresh) {
  const forced = env.INFRA
  if (forced === 'containers' || forced === 'embedded') return { route: forced, why: `INFRA=${forced}` }
  if (forced) throw new InfraError(`INFRA must be "containers" or "embedded" (got "${forced}").`)
  if (!fresh) return { route: 'embedded', why: 'npm start keeps its data on disk' }
  return dockerWorks()
    ? { route: 'containers', why: 'a Docker daemon answers' }
    : { route: 'embedded', why: 'no Docker daemon answers (docker info)' }
}

/**
 * Starts what is missing. Returns the URLs and a stop() that stops only what was started here.
 * `name` separates data folders (e.g. 'dev' for npm start, 'test' for npm test). `moving`: the
 * embedded database starts beside a site's unmoved SQLite data (`npm run db:migrate` moves it).
 */
export async function ensureInfra({
  name,
  log = console.log,
  env = process.env,
  fresh = false,
  moving = false,
}) {
  const dataDir = join(root, '.data', name)
  mkdirSync(dataDir, { recursive: true })
  const stops = []
  const result = {
    mongoUrl: env.MONGO_URL,
    redisUrl: env.REDIS_URL,
    mongoKind: 'MONGO_URL',
    redisKind: 'REDIS_URL',
    // Where what this run started keeps its data (banner.mjs names it).
    mongoData: null,
    redisData: null,
    // The embedded database's kept processes (tests kill them), when this run started it.
    embedded: null,
  }

  try {
    const { route, why } = chooseRoute(env, fresh)
    const want = { mongo: !result.mongoUrl, redis: !result.redisUrl }
    if (want.mongo || want.redis) log(`infrastructure route: ${route} (${why})`)
    if (route === 'containers' && (want.mongo || want.redis)) {
      const got = await startContainers({ want, env, log, stops })
      for (const what of ['mongo', 'redis']) {
        if (!got[what]) continue
        result[`${what}Url`] = got[what].url
        result[`${what}Kind`] = got[what].kind
      }
      if (env.INFRA === 'containers' && ((want.mongo && !got.mongo) || (want.redis && !got.redis)))
        throw new InfraError('INFRA=containers, but the containers did not start (see above).')
      if (want.mongo && !got.mongo)
        log(
          'falling back to the embedded FerretDB (on PostgreSQL, with its seek indexes) for MongoDB: the local site-local/ferretdb image runs SQLite, which reads every collection whole.',
        )
      if (want.redis && !got.redis) log('falling back to a local Redis.')
    }

    if (!result.mongoUrl) {
      // Loaded here, not at the top: the runtime image's backup script imports this module with
      // MONGO_URL set and carries neither the embedded database's modules nor their dependencies.
      const { startEmbeddedDb } = await import('./embedded-db.mjs')
      const db = await startEmbeddedDb({ env, dataDir, fresh, log, moving })
      stops.unshift(db.stop)
      result.mongoUrl = db.url
      result.mongoKind = db.kind
      result.mongoData = db.data
      result.embedded = db.keepers
    }

    if (!result.redisUrl) {
      if (await redisPing(6379)) {
        result.redisUrl = 'redis://127.0.0.1:6379'
        result.redisKind = 'the Redis on 127.0.0.1:6379'
      } else if (has('redis-server')) {
        const port = await freePort()
        const dir = join(dataDir, 'redis')
        mkdirSync(dir, { recursive: true })
        const child = spawn(
          'redis-server',
          [
            '--port',
            String(port),
            '--bind',
            '127.0.0.1',
            '--dir',
            dir,
            '--appendonly',
            'yes',
            '--maxmemory-policy',
            'noeviction',
            '--save',
            '',
          ],
          { stdio: 'ignore' },
        )
        stops.unshift(() => stopChild(child))
        await waitForPort(port, 'redis-server', 15000, child)
        result.redisUrl = `redis://127.0.0.1:${port}`
        result.redisKind = 'project redis-server (AOF, noeviction)'
        result.redisData = dir
      } else {
        throw new InfraError(
          'No Redis available: set REDIS_URL, or install redis-server (apt-get install redis-server) or Docker.',
        )
      }
    }
  } catch (err) {
    for (const stop of stops) await stop()
    throw err
  }

  return {
    ...result,
    async stop() {
      for (const stop of stops) await stop()
    },
  }
}

export function stopChild(child, timeoutMs = 10000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** Reads KEY=VALUE lines of .env into process.env without overriding what is already set. */
export function loadDotEnv(file = join(root, '.env')) {
  if (!existsSync(file)) return
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line)
    if (!m || line.trim().startsWith('#')) continue
    const value = m[2].replace(/^(['"])(.*)\1$/, '$2')
    if (process.env[m[1]] === undefined) process.env[m[1]] = value
  }
}
