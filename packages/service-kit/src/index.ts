// Side-effect imports carry the kit's Fastify type augmentations (app.db, app.redis, app.metrics,
// app.addReadinessCheck, request.getAdmin) to every service that imports the kit.
import './health.js'
import './metrics.js'
import './mongo.js'
import './redis.js'
import './session/reader.js'

export * from './config.js'
export * from './errors.js'
export { createService, type ServiceOptions, type App } from './service.js'
export { runService, closeOnSignals, exitOnConfigError, loadConfigOrExit, type Closable } from './run.js'
export { runWorkerProcess, type WorkerProcessOptions } from './worker-process.js'
export { connectMongo, pingMongo } from './mongo.js'
export { createRedis, pingRedis, countInWindow } from './redis.js'
// BullMQ lives in '@site/service-kit/queues': only the processes with queues load it (issue 14).
export { requireAdmin } from './session/reader.js'
export * from './session/format.js'
export { genReqId, loggerOptions } from './logger.js'
export { Type, type Static } from 'typebox'
export type { Redis } from 'ioredis'
export { sanitizeRichHtml } from './html.js'
