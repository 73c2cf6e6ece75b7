import {
  ConfigError,
  Type,
  loadConfig,
  backendConfigProperties,
  serviceConfigProperties,
} from '@site/service-kit'
import { proofConfigProperties } from './lib/proof-config.js'
import { analyticsConfigProperties } from './analytics/config.js'

/** Retries of the notification job: shared by the API (first enqueue) and the worker's relay. */
const notifyJobProperties = {
  NOTIFY_ATTEMPTS: Type.Integer({
    minimum: 1,
    default: 15,
    description: 'attempts to deliver the mails of one request',
  }),
  NOTIFY_BACKOFF_MS: Type.Integer({
    minimum: 1,
    default: 5000,
    description: 'first retry delay; doubles per attempt',
  }),
}

/** The signed webhook (docs/contact.md, "Webhook"): read by the API (which URLs) and the worker (secret, retries). */
const webhookProperties = {
  /** Comma-separated receivers of every stored request; empty: no webhook. */
  CONTACT_WEBHOOK_URLS: Type.String({ default: '' }),
  CONTACT_WEBHOOK_SECRET: Type.Optional(
    Type.String({ minLength: 32, description: 'signs webhook requests (32+ chars)' }),
  ),
  WEBHOOK_ATTEMPTS: Type.Integer({ minimum: 1, default: 10 }),
  WEBHOOK_BACKOFF_MS: Type.Integer({ minimum: 1, default: 5000 }),
  /** The version of the privacy text the form is published under; stored with each request. */
  CONTACT_CONSENT_VERSION: Type.String({ default: '1' }),
}

export const configProperties = {
  ...serviceConfigProperties,
  ...notifyJobProperties,
  ...proofConfigProperties,
  ...webhookProperties,
  ...analyticsConfigProperties,
  PORT: Type.Integer({ default: 3005 }),
  MONGO_DB: Type.String({ default: 'site_contact' }),
  /** Submissions per client IP per window (honeypot and invalid ones count too). */
  CONTACT_RATE_LIMIT: Type.Integer({ minimum: 1, default: 5 }),
  CONTACT_RATE_WINDOW_S: Type.Integer({ minimum: 1, default: 600 }),
  /** Identical submissions (same email, name and message) within this window collapse into one request. */
  CONTACT_DEDUPE_WINDOW_S: Type.Integer({ minimum: 1, default: 120 }),
}

/** Webhook receivers without a secret would get requests anyone could forge: refused at start. */
function signedWebhooks<C extends { CONTACT_WEBHOOK_URLS: string; CONTACT_WEBHOOK_SECRET?: string }>(
  c: C,
): C {
  if (c.CONTACT_WEBHOOK_URLS.trim() !== '' && !c.CONTACT_WEBHOOK_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  - CONTACT_WEBHOOK_SECRET: required with CONTACT_WEBHOOK_URLS (32+ chars)',
    )
  return c
}

export type Config = ReturnType<typeof readConfig>
export const readConfig = (env: Record<string, string | undefined> = process.env) =>
  signedWebhooks(loadConfig(configProperties, env))

export const workerConfigProperties = {
  ...backendConfigProperties,
  ...notifyJobProperties,
  ...webhookProperties,
  /** Time limit of one webhook request (ms). */
  WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10000 }),
  ...analyticsConfigProperties,
  MONGO_DB: Type.String({ default: 'site_contact' }),
  WORKER_PORT: Type.Integer({ default: 3015 }),
  SMTP_URL: Type.String({
    minLength: 1,
    default: 'smtp://127.0.0.1:1025',
    description: 'SMTP server, e.g. smtp://user:pass@host:587',
  }),
  MAIL_FROM: Type.String({
    minLength: 3,
    default: 'Website <no-reply@localhost>',
    description: 'sender of every mail',
  }),
  TEAM_EMAIL: Type.String({
    minLength: 3,
    default: 'team@localhost',
    description: 'address that receives consultation requests',
  }),
  /** Longest wait between two delivery attempts. */
  NOTIFY_BACKOFF_MAX_MS: Type.Integer({ minimum: 1, default: 600000 }),
  /** A job whose worker died is taken up again after this long (BullMQ lockDuration and stalledInterval). */
  NOTIFY_LOCK_MS: Type.Integer({ minimum: 1000, default: 30000 }),
  /** While the SMTP server is unreachable, how often to check whether it is back (then retry at once). */
  SMTP_PROBE_INTERVAL_MS: Type.Integer({ minimum: 50, default: 5000 }),
  /** Jobs processed at the same time by one worker process. */
  NOTIFY_CONCURRENCY: Type.Integer({ minimum: 1, default: 4 }),
  /** The relay re-enqueues requests still pending after RELAY_MIN_AGE_MS, every RELAY_INTERVAL_MS. */
  RELAY_INTERVAL_MS: Type.Integer({ minimum: 50, default: 5000 }),
  RELAY_MIN_AGE_MS: Type.Integer({ minimum: 0, default: 10000 }),
}

export type WorkerConfig = ReturnType<typeof readWorkerConfig>
export const readWorkerConfig = (env: Record<string, string | undefined> = process.env) =>
  signedWebhooks(loadConfig(workerConfigProperties, env))
