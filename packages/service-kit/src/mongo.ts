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
  await conn.asPromise().catch(() => reopenUntilConnected(conn, url, options))
  return conn
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
