import { Type, backendConfigProperties, loadConfig, serviceConfigProperties } from '@site/service-kit'

export const configProperties = {
  ...serviceConfigProperties,
  PORT: Type.Integer({ default: 3002 }),
  MONGO_DB: Type.String({ default: 'site_content' }),
  /**
   * Longest age of a cached public read while Redis cannot confirm it is current (a backstop: every
   * write raises the content read version in Redis, which clears every replica's cache at once).
   */
  CONTENT_CACHE_TTL_MS: Type.Integer({ minimum: 0, default: 60000 }),
  /** Uploaded images larger than this (px, either side) are scaled down to fit. */
  IMAGE_MAX_DIMENSION: Type.Integer({ minimum: 64, default: 2560 }),
  /** An uploaded image no project shows is deleted after this long (ms), checked every ORPHAN_SWEEP_INTERVAL_MS. */
  ORPHAN_IMAGE_MAX_AGE_MS: Type.Integer({ minimum: 60000, default: 86400000 }),
  ORPHAN_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 1000, default: 3600000 }),
  /** The blog service, asked which posts use a library item before it is deleted. */
  BLOG_URL: Type.String({ default: 'http://127.0.0.1:3003' }),
  /** Bytes of served images kept in memory (0 turns the object cache off). */
  OBJECT_CACHE_BYTES: Type.Integer({ minimum: 0, default: 33554432 }),
  /** How long a preview link of a page works (docs/editorial.md, "Preview links"; as the blog's). */
  PREVIEW_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 90, default: 7 }),
}

export type Config = ReturnType<typeof readConfig>
export const readConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(configProperties, env)

/** The content worker (media-variants, page-schedule): its database, probes port and how hard it works. */
export const workerConfigProperties = {
  ...backendConfigProperties,
  MONGO_DB: Type.String({ default: 'site_content' }),
  WORKER_PORT: Type.Integer({ default: 3012 }),
  /** Images made into variants at the same time (sharp already uses every core for one). */
  VARIANTS_CONCURRENCY: Type.Integer({ minimum: 1, default: 1 }),
  /** How often images whose variants were never queued (Redis away) are looked for, and queued. */
  VARIANTS_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 1000, default: 60000 }),
  /** How often the page scheduler looks for publish times already past (a job lost with Redis). */
  PAGE_SCHEDULE_SWEEP_MS: Type.Integer({ minimum: 1000, default: 60000 }),
}
export type WorkerConfig = ReturnType<typeof readWorkerConfig>
export const readWorkerConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(workerConfigProperties, env)
