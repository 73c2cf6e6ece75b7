import type { Connection } from 'mongoose'
import type { Redis } from 'ioredis'
import type { Registry } from 'prom-client'
import { connectMongo } from '../mongo.js'
import { createRedis } from '../redis.js'
import type { Log } from '../log.js'
import type { Closable } from '../run.js'
import { ChangeLog } from './log.js'

/** What runWorkerProcess gives a worker's start (and tests leave out). */
export interface WorkerStartOptions {
  metrics?: Registry
  addReadinessCheck?: (name: string, check: () => Promise<boolean>) => void
}

export interface WorkerBase {
  db: Connection
  redis: Redis
  /** The service's change log: every write of the worker goes through its afterWrite. */
  changes: ChangeLog
  /** Closed last, in order: the change log's relay, Redis, the database. */
  closables: Closable[]
}

/**
 * What every service's worker opens first: its database, a Redis connection and the service's
 * change log (started: its relay announces what a lost Redis kept back), so a worker's writes take
 * the same after-write path as the service's routes.
 */
export async function openWorker(
  config: { MONGO_URL: string; MONGO_DB: string; REDIS_URL: string; QUEUE_PREFIX: string },
  service: string,
  log: Log,
): Promise<WorkerBase> {
  const db = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB })
  const redis = createRedis(config.REDIS_URL)
  const changes = new ChangeLog({ db, redis: () => redis, prefix: config.QUEUE_PREFIX, service, log })
  changes.start()
  return {
    db,
    redis,
    changes,
    closables: [
      { close: () => changes.stop() },
      { close: async () => redis.disconnect() },
      { close: () => db.close() },
    ],
  }
}
