import fp from 'fastify-plugin'
import type { Connection, Mongoose } from 'mongoose'

declare module 'fastify' {
  interface FastifyInstance {
    db: Connection
  }
}

let loaded: Promise<Mongoose> | undefined
/**
 * Mongoose, loaded on the first connection: the kit's barrel is imported by processes without a
 * database (the gateway), which should not carry the driver (idle memory).
 */
function loadMongoose(): Promise<Mongoose> {
  loaded ??= import('mongoose').then(({ default: mongoose }) => {
    // Query safety and fail-fast behaviour for every connection the kit opens (design §4).
    mongoose.set('sanitizeFilter', true)
    mongoose.set('strictQuery', 'throw')
    mongoose.set('bufferCommands', false)
    return mongoose
  })
  return loaded
}

export interface MongoOptions {
  url: string
  dbName: string
}

/** How often a first connect that failed is tried again. */
export const MONGO_RETRY_MS = 2000

/**
 * Opens the service's own database; a lost server answers 503 in seconds instead of hanging.
 * Never throws for an unreachable server: readiness stays false until it answers.
 */
export async function connectMongo({ url, dbName }: MongoOptions): Promise<Connection> {
  const mongoose = await loadMongoose()
  const options = () => ({
    dbName,
    serverSelectionTimeoutMS: 3000,
    connectTimeoutMS: 3000,
    socketTimeoutMS: 30000,
    bufferCommands: false,
    autoIndex: true,
  })
  const conn = mongoose.createConnection(url, options())
  conn.on('error', () => {})
  conn.on('connected', () => slowPoolChecks(conn.getClient()))
  await conn.asPromise().catch(() => reopenUntilConnected(conn, url, options))
  return conn
}

/** How often each connection pool checks its minimum size (the driver's default: every 100 ms). */
export const POOL_CHECK_MS = 1000

type PoolLike = { options?: Record<string, unknown> }
type ClientInternals = {
  topology?: { s?: { servers?: Map<string, { pool?: PoolLike }> } }
  on: (event: 'serverOpening', listener: () => void) => unknown
}
const slowed = new WeakSet<object>()

/**
 * Every pool of the driver prunes and tops up its connections on a 100 ms timer, also with no
 * minimum pool size: ten wake-ups a second in every idle process, which were about half of an
 * idle stack's CPU (bench/posts, idle: 2.6 → 1.2 % of a core for the ten processes, with the
 * metrics' 1 s loop sampling). The interval is a pool option the client does not accept
 * (`minPoolSizeCheckFrequencyMS`, "not supported"), so the kit sets it on each pool as its server
 * opens; a pool still finds a dead connection at its next checkout. Tested by counting the timers
 * an idle connection starts (test/mongo-idle.test.ts), so a driver that changes this fails there.
 */
export function slowPoolChecks(client: unknown): void {
  const c = client as ClientInternals
  const apply = () => {
    for (const server of c.topology?.s?.servers?.values() ?? []) {
      const pool = server.pool
      if (!pool?.options || pool.options.minPoolSizeCheckFrequencyMS === POOL_CHECK_MS) continue
      pool.options = Object.freeze({ ...pool.options, minPoolSizeCheckFrequencyMS: POOL_CHECK_MS })
    }
  }
  apply()
  if (slowed.has(c)) return
  slowed.add(c)
  c.on('serverOpening', () => queueMicrotask(apply))
}

/**
 * The driver reconnects a connection that was once open, but a first connect that failed is final
 * in mongoose: a process started before its database (every pod of a fresh cluster that comes up
 * before MongoDB) stayed unready for good. Tries again until it opens or the connection is closed.
 */
function reopenUntilConnected(conn: Connection, url: string, options: () => object) {
  let closed = false
  conn.once('close', () => (closed = true))
  const attempt = () => {
    if (closed || conn.readyState === 1) return
    conn.openUri(url, options()).catch(() => setTimeout(attempt, MONGO_RETRY_MS).unref())
  }
  setTimeout(attempt, MONGO_RETRY_MS).unref()
}

export async function pingMongo(conn: Connection): Promise<boolean> {
  if (conn.readyState !== 1 || !conn.db) return false
  try {
    await conn.db.admin().command({ ping: 1 }, { timeoutMS: 2000 })
    return true
  } catch {
    return false
  }
}

export default fp<MongoOptions>(
  async (app, opts) => {
    const conn = await connectMongo(opts)
    app.decorate('db', conn)
    app.addHook('onClose', async () => {
      await conn.close()
    })
  },
  { name: 'kit-mongo' },
)
