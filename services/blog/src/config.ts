import { Type, loadConfig, backendConfigProperties, sessionConfigProperties } from '@site/service-kit'

/** Settings shared by the API process and the import worker. */
export const blogCommonProperties = {
  ...backendConfigProperties,
  MONGO_DB: Type.String({ default: 'site_blog' }),
  /** OpenAI-compatible endpoint; without OPENAI_API_KEY every LLM feature takes its offline path. */
  OPENAI_BASE_URL: Type.String({ default: 'https://api.openai.com/v1' }),
  OPENAI_API_KEY: Type.String({ default: '' }),
  OPENAI_MODEL: Type.String({ default: 'gpt-4o-mini' }),
  /** Time limit of one LLM call of an import (translate-title uses 30 s: the admin waits). */
  OPENAI_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 120000 }),
  /** Also translate imported posts into German. */
  BLOG_TRANSLATE_DE: Type.Boolean({ default: false }),
  /** Characters of HTML per translation request; longer documents are split at block boundaries. */
  BLOG_LLM_CHUNK_CHARS: Type.Integer({ minimum: 500, default: 4000 }),
  /** Attempts of an import job, and the first backoff delay (doubles each retry). */
  BLOG_IMPORT_ATTEMPTS: Type.Integer({ minimum: 1, default: 4 }),
  BLOG_IMPORT_BACKOFF_MS: Type.Integer({ minimum: 0, default: 2000 }),
  /** Images of imported .docx files are scaled to fit this many pixels (as content's IMAGE_MAX_DIMENSION). */
  BLOG_IMAGE_MAX_DIMENSION: Type.Integer({ minimum: 64, default: 2560 }),
}

export const configProperties = {
  ...blogCommonProperties,
  ...sessionConfigProperties,
  PORT: Type.Integer({ default: 3003 }),
  /** How long the upload call waits for its import before answering 202 with a job id. */
  BLOG_UPLOAD_WAIT_MS: Type.Integer({ minimum: 0, default: 25000 }),
  /** Age limit of the in-process cache of published posts when Redis cannot confirm it is current. */
  BLOG_CACHE_TTL_MS: Type.Integer({ minimum: 0, default: 5000 }),
  /** How long a preview link of a draft works (docs/editorial.md, "Preview links"). */
  PREVIEW_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 90, default: 7 }),
}

export const workerConfigProperties = {
  ...blogCommonProperties,
  WORKER_PORT: Type.Integer({ default: 3013 }),
  BLOG_WORKER_CONCURRENCY: Type.Integer({ minimum: 1, default: 2 }),
  /**
   * Pixels one image of an imported .docx may have, and all of one import's images together;
   * images past either are left out (decoding costs time in proportion to the pixels).
   */
  BLOG_IMAGE_MAX_PIXELS: Type.Integer({ minimum: 1, default: 40_000_000 }),
  BLOG_IMPORT_MAX_PIXELS: Type.Integer({ minimum: 1, default: 300_000_000 }),
  /** A job whose worker died is taken up again after this lock time (BullMQ lockDuration). */
  BLOG_WORKER_LOCK_MS: Type.Integer({ minimum: 1000, default: 30000 }),
  /** How often the scheduler looks for publish times already past (a job lost with Redis). */
  BLOG_SCHEDULE_SWEEP_MS: Type.Integer({ minimum: 1000, default: 60000 }),
}

export type Config = ReturnType<typeof readConfig>
export const readConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(configProperties, env)
export type WorkerConfig = ReturnType<typeof readWorkerConfig>
export const readWorkerConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(workerConfigProperties, env)
