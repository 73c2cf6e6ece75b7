// Side-effect imports carry the kit's Fastify type augmentations (app.db, app.redis, app.metrics,
// app.addReadinessCheck, request.getAdmin) to every service that imports the kit.
import './health.js'
import './metrics.js'
import './mongo.js'
import './redis.js'
import './session/reader.js'

export * from './config.js'
export * from './errors.js'
export { BODY_LIMITS, bodyTooLarge } from './body-limits.js'
export { createService, parseTrustProxy, type ServiceOptions, type App } from './service.js'
export { drainConnections } from './drain.js'
export {
  runService,
  serveApp,
  closeOnSignals,
  exitOnConfigError,
  loadConfigOrExit,
  type Closable,
} from './run.js'
export { runWorkerProcess, workerSettings, type WorkerProcessOptions } from './worker-process.js'
export { connectMongo, pingMongo } from './mongo.js'
export { createRedis, pingRedis, countInWindow } from './redis.js'
// BullMQ lives in '@site/service-kit/queues': only the processes with queues load it.
export { adminOnly, adminCan, requireCapability, ADMIN_REQUIRED, type AdminOnlyOptions } from './admin.js'
export { errorResponses, ADMIN_WRITE_ERRORS, FILE_RESPONSES } from './responses.js'
export { byteRange, RANGE_PAST_END, type ByteSpan } from './byte-range.js'
export { isObjectId, newObjectId } from './ids.js'
export { silentLog, type Log } from './log.js'
export { packChunks } from './text.js'
export type { RouteInfo } from './service.js'
export { MAX_JSON_DEPTH, nestedDeeperThan, noBody, onlyFields } from './body.js'
export { multipartProblem } from './multipart.js'
export { noStore } from './http-cache.js'
export * from './session/format.js'
export * from './session/login-names.js'
export { genReqId, loggerOptions } from './logger.js'
export { Type, type Static } from 'typebox'
export { checkedJson } from './checked-json.js'
export type { Redis } from 'ioredis'
export { sanitizeRichHtml } from './html.js'
export { ReadCache, etagOf, readVersionKey, type CachedBody, type ReadCacheOptions } from './read-cache.js'
export { Slots } from './slots.js'
export { clientKey } from './client-key.js'
export { EDIT_CONFLICT, IfMatchHeaders, checkIfMatch, sendVersioned, versionOf } from './versioned.js'
export {
  sendCached,
  sendShared,
  sendImmutable,
  largeReads,
  servedBytes,
  type ServedFile,
  matchesEtag,
  PUBLIC_REVALIDATE,
  PRIVATE_NO_STORE,
} from './http-cache.js'
export { signPreview, verifyPreview, firstOrigin, type PreviewClaim } from './editorial/preview.js'
export {
  previewAdminRoutes,
  previewReadRoute,
  PREVIEW_GONE,
  type PreviewAdminOptions,
  type PreviewReadOptions,
  type Previewable,
} from './editorial/preview-routes.js'
export { escapeRegex, titleSearch, findPage, type PageRequest } from './paging.js'
export { Listing, type Memberships } from './listing.js'
export {
  checkSchedule,
  scheduledMark,
  momentChanged,
  writeAction,
  staysPublic,
  SCHEDULE_FIELDS,
  RESTORE_KEEPS,
  restorable,
  SCHEDULER,
  type Schedulable,
} from './editorial/schedule/rules.js'
// Types only: the change log (and mongoose with it) loads with createService's database, or from
// '@site/service-kit/changes' in workers.
export type { ChangeRecorder } from './changes/plugin.js'
export type { ChangeInput, ReadLayer } from './changes/log.js'
export { historyRoutes, writableFields, type HistoryRoutesOptions } from './editorial/history.js'
export * from './translations/index.js'
