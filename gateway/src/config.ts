import { Type, loadConfig, baseConfigProperties } from '@site/service-kit'
import registry from '../../services.json' with { type: 'json' }

const url = (fallback: string, description: string) =>
  Type.String({ default: fallback, format: 'uri', description })
const local = (port: number) => `http://127.0.0.1:${port}`

export type ServiceName = keyof typeof registry.services
type UrlName<N extends string> = `${Uppercase<N>}_URL`
const urlName = <N extends ServiceName>(name: N) => `${name.toUpperCase()}_URL` as UrlName<N>

/** AUTH_URL, CONTENT_URL, ...: one per service in services.json, by default its local port. */
const serviceUrls = Object.fromEntries(
  Object.entries(registry.services).map(([name, s]) => [
    urlName(name as ServiceName),
    url(local(s.port), `${name} service base URL`),
  ]),
) as { [N in ServiceName as UrlName<N>]: ReturnType<typeof url> }

export const configProperties = {
  ...baseConfigProperties,
  PORT: Type.Integer({ default: registry.gateway.port }),
  /** Port of /metrics for Prometheus; not proxied, not public (0: any free port, for tests). */
  METRICS_PORT: Type.Integer({ minimum: 0, default: registry.gateway.metricsPort }),
  /** The gateway is the edge: by default it trusts no proxy in front of it ('none'); behind an ingress, name its addresses. */
  TRUST_PROXY: Type.String({ default: 'none' }),
  ...serviceUrls,
  WEB_URL: url(local(registry.web.port), 'web app server base URL'),
  /** Default time an upstream may take to answer; uploads and LLM routes get longer ones. */
  UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10000 }),
  SLOW_UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 120000 }),
  /**
   * A page's budget (the web server's answer): its reads time out first (the web's
   * SSR_UPSTREAM_TIMEOUT_MS, 5 s, then a 503 page), its render waits in a bounded queue. Past it the
   * gateway answers 504 and closes the connection, and the web server skips the render.
   */
  PAGE_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 6000 }),
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
  /** The container's memory limit in MiB (the manifests set it; node-heap sizes the heap from it): sizes the caches. */
  MEMORY_LIMIT_MB: Type.Optional(Type.Integer({ minimum: 16 })),
  /**
   * The shared cache of public answers (plugins/shared-cache-*.ts): on by default; `npm run dev`
   * turns it off so an edit shows at once without a purge.
   */
  CACHE_ENABLED: Type.Boolean({ default: true }),
  /**
   * MB the gateway's store may take: the shared cache's answers and the compressed copies, keys,
   * headers and bookkeeping counted (0: nothing kept). Unset: 1/8 of MEMORY_LIMIT_MB, or 32 MB
   * without one (cache/shared-cache.ts).
   */
  CACHE_MAX_MB: Type.Optional(Type.Number({ minimum: 0, maximum: 4096 })),
  /**
   * How long a request waits for another request's fetch of the same key (coalescing) before it
   * goes to the upstream itself. Bounded because a key is coalesced before its answer is known to
   * be shareable: concurrent anonymous GETs of a slow private answer would otherwise queue behind
   * one another for as long as the first took.
   */
  CACHE_COALESCE_WAIT_MS: Type.Integer({ minimum: 0, default: 1000 }),
  /**
   * How long past its freshness a kept answer may stand in while its upstream is unwell (refused
   * connections, timeouts: the gateway's own 502/503/504, never a 503 page the upstream sent); a day.
   */
  CACHE_STALE_IF_ERROR_SECONDS: Type.Integer({ minimum: 0, default: 86400 }),
  /**
   * How long an answer purged by an edit (a purge flagged `stale`) may still stand in while its
   * upstream is unwell; at most a minute. An answer purged otherwise (unpublished, deleted, taken
   * down, a reconnect of the purge channel) is dropped and never served again.
   */
  CACHE_PURGED_STALE_SECONDS: Type.Integer({ minimum: 0, maximum: 60, default: 30 }),
  /**
   * Page requests per minute per client address that reach the web server (misses and signed-in
   * pages; hits cost nothing and are not counted), as a token bucket of that size: past it a 429
   * with Retry-After. Counted per gateway replica, in memory (plugins/page-miss-budget.ts).
   */
  RATE_LIMIT_PAGE_MISSES_PER_MINUTE: Type.Integer({ minimum: 1, default: 120 }),
  /**
   * The services' SESSION_SECRET: the gateway checks a `sid` cookie's signature (no Redis) and lets
   * only a validly signed one past the shared cache. Unset (a local process): any `sid` passes it.
   */
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  /**
   * Test mode: every answer with a strong ETag is checked against the hash of its body (the kit's
   * etagOf), and one that differs is a 500. The compressed copies are shared by tag, so this is
   * the convention their correctness rests on; the test stacks turn it on (scripts/lib/stack.mjs).
   */
  ETAG_CHECK: Type.Boolean({ default: false }),
  /**
   * First-party page views (plugins/page-views.ts, docs/security.md "Analytics"): counted in memory,
   * pushed to Redis every ANALYTICS_FLUSH_MS in one batch; at most ANALYTICS_BUFFER_MAX wait (past it
   * a view is dropped and counted as dropped). A visit (entry page, last post, source) is remembered
   * ANALYTICS_VISIT_SECONDS after its last view, for the conversion a consultation request records.
   */
  ANALYTICS_ENABLED: Type.Boolean({ default: true }),
  ANALYTICS_FLUSH_MS: Type.Integer({ minimum: 10, default: 1000 }),
  ANALYTICS_BUFFER_MAX: Type.Integer({ minimum: 1, default: 10000 }),
  ANALYTICS_VISIT_SECONDS: Type.Integer({ minimum: 60, default: 1800 }),
  /** Set when the site is served over HTTPS: adds HSTS and upgrade-insecure-requests. */
  HTTPS: Type.Boolean({ default: false }),
  /**
   * Development only (`npm run dev` sets it): the origin of Vite's hot-reload WebSocket, e.g.
   * ws://localhost:24678, allowed in the CSP's connect-src (the gateway proxies HTTP only).
   */
  DEV_HMR_ORIGIN: Type.Optional(Type.String({ pattern: '^wss?://[^\\s/]+$' })),
}

export type Config = ReturnType<typeof readConfig>
export const readConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(configProperties, env)

/** The base URL the gateway uses for a service (its `<NAME>_URL`). */
export const serviceUrl = (c: Config, name: ServiceName): string => c[urlName(name)]
