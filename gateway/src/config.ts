import { Type, loadConfig, baseConfigProperties } from '@site/service-kit'

const url = (fallback: string, description: string) => Type.String({ default: fallback, format: 'uri', description })

export const configProperties = {
  ...baseConfigProperties,
  PORT: Type.Integer({ default: 8080 }),
  /** Port of /metrics for Prometheus; not proxied, not public (0: any free port, for tests). */
  METRICS_PORT: Type.Integer({ minimum: 0, default: 9090 }),
  /** The gateway is the edge: by default it trusts no proxy in front of it ('none'); behind an ingress, name its addresses. */
  TRUST_PROXY: Type.String({ default: 'none' }),
  AUTH_URL: url('http://127.0.0.1:3001', 'auth service base URL'),
  CONTENT_URL: url('http://127.0.0.1:3002', 'content service base URL'),
  BLOG_URL: url('http://127.0.0.1:3003', 'blog service base URL'),
  CHAT_URL: url('http://127.0.0.1:3004', 'chat service base URL'),
  CONTACT_URL: url('http://127.0.0.1:3005', 'contact service base URL'),
  WEB_URL: url('http://127.0.0.1:3000', 'web app server base URL'),
  /** Default time an upstream may take to answer; uploads and LLM routes get longer ones. */
  UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10000 }),
  SLOW_UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 120000 }),
  /**
   * Requests per minute per client address, per class, each across the whole API (plugins/rate-classes.ts):
   * state-changing requests (RATE_LIMIT_PER_MINUTE), reads (far larger: a page view makes several,
   * and an office shares one address), and logins, chat, the contact form and uploads (smallest).
   */
  RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 300 }),
  RATE_LIMIT_READ_PER_MINUTE: Type.Integer({ minimum: 1, default: 6000 }),
  RATE_LIMIT_SENSITIVE_PER_MINUTE: Type.Integer({ minimum: 1, default: 60 }),
  /**
   * Redis for the counters, shared by every gateway replica (unset: in memory, per replica; fine for
   * one process). Keys under QUEUE_PREFIX. Redis unreachable: requests pass (fail open), see docs/security.md.
   */
  REDIS_URL: Type.Optional(Type.String({ minLength: 1 })),
  QUEUE_PREFIX: Type.String({ default: 'site' }),
  /** Set when the site is served over HTTPS: adds HSTS and upgrade-insecure-requests. */
  HTTPS: Type.Boolean({ default: false }),
}

export type Config = ReturnType<typeof readConfig>
export const readConfig = (env: Record<string, string | undefined> = process.env) => loadConfig(configProperties, env)
