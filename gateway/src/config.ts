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
  /** Requests per minute per client IP across the whole API (in memory, per gateway replica). */
  RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 600 }),
  /** Set when the site is served over HTTPS: adds HSTS and upgrade-insecure-requests. */
  HTTPS: Type.Boolean({ default: false }),
}

export type Config = ReturnType<typeof readConfig>
export const readConfig = (env: Record<string, string | undefined> = process.env) => loadConfig(configProperties, env)
