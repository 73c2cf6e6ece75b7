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

/** Opens the service's own database; a lost server answers 503 in seconds instead of hanging. */
export async function connectMongo({ url, dbName }: MongoOptions): Promise<Connection> {
  const mongoose = await loadMongoose()
  const conn = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 3000,
    connectTimeoutMS: 3000,
    socketTimeoutMS: 30000,
    bufferCommands: false,
    autoIndex: true,
  })
  // A failed first connect is not fatal: readiness stays false and the driver keeps trying.
  conn.on('error', () => {})
  await conn.asPromise().catch(() => undefined)
  return conn
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
