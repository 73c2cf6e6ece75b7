import { Type, type Static, type TProperties, type TObject } from 'typebox'
import Value from 'typebox/value'

/** Settings every process built on the kit understands. Services add their own beside them. */
export const baseConfigProperties = {
  HOST: Type.String({ default: '0.0.0.0' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  /** Trusted proxies in front of the service (the gateway); see Fastify's trustProxy. */
  TRUST_PROXY: Type.String({ default: 'loopback,linklocal,uniquelocal' }),
  /** Time a client has to send a request's head; a connection still sending it after that is closed (slowloris). */
  HEADERS_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 10000 }),
  /**
   * Time a client has to send a whole request, head and body (the answer may take longer). The
   * gateway holds each route to its own, shorter, timeout as well; this bound must stay above the
   * gateway's longest (SLOW_UPSTREAM_TIMEOUT_MS) so a slow upload it accepts is not cut off behind it.
   */
  REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 130000 }),
  /** How long a closing process waits for in-flight work before it gives up. */
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 0, default: 10000 }),
  /**
   * How long a closing server keeps answering, each answer with `Connection: close`, before it
   * closes its idle keep-alive connections (drain.ts). 0 (the default: one local process, tests)
   * closes at once; the Kubernetes manifests set 3 s, after the preStop pause.
   */
  SHUTDOWN_DRAIN_MS: Type.Integer({ minimum: 0, maximum: 60000, default: 0 }),
}

export const mongoConfigProperties = {
  MONGO_URL: Type.String({ minLength: 1, description: 'MongoDB (or FerretDB) connection URL' }),
}

export const redisConfigProperties = {
  REDIS_URL: Type.String({ minLength: 1, description: 'Redis connection URL' }),
  /** This deployment's Redis namespace: BullMQ queues, limiter counters, caches and pub/sub channels; tests set their own. */
  QUEUE_PREFIX: Type.String({ default: 'site' }),
}

export const sessionConfigProperties = {
  SESSION_SECRET: Type.String({
    minLength: 32,
    description: 'secret that signs session cookies (32+ chars)',
  }),
  /** Origins allowed to send state-changing requests with the session cookie (comma separated). */
  PUBLIC_ORIGIN: Type.String({ default: 'http://localhost:8080' }),
}

/** What every process of a service reads (the API and its worker): the base settings, its database and Redis. */
export const backendConfigProperties = {
  ...baseConfigProperties,
  ...mongoConfigProperties,
  ...redisConfigProperties,
}

/** What every HTTP service reads: the backend settings and the session secret. */
export const serviceConfigProperties = {
  ...backendConfigProperties,
  ...sessionConfigProperties,
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/**
 * Reads and validates configuration from the environment once, at boot.
 * Strings are converted to the declared types and defaults filled in; any problem is reported
 * as one readable list (never a stack trace) so an operator sees what to set.
 */
export function loadConfig<P extends TProperties>(
  properties: P,
  env: Record<string, string | undefined> = process.env,
): Static<TObject<P>> {
  const schema = Type.Object(properties)
  const input: Record<string, unknown> = {}
  for (const key of Object.keys(properties)) {
    const raw = env[key]
    if (raw !== undefined && raw !== '') input[key] = raw
  }
  const withDefaults = Value.Default(schema, input)
  const converted = Value.Convert(schema, withDefaults)
  if (!Value.Check(schema, converted)) {
    const problems = Value.Errors(schema, converted).map((e) => {
      const key =
        e.instancePath.replace(/^\//, '') ||
        String((e.params as { requiredProperties?: string[] }).requiredProperties?.join(', ') ?? '')
      const desc = (properties[key] as { description?: string } | undefined)?.description
      return `${key}: ${e.message}${desc ? ` (${desc})` : ''}`
    })
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`)
  }
  // The services (which sign cookies and preview links); the gateway only checks signatures.
  if ('SESSION_SECRET' in properties && 'PUBLIC_ORIGIN' in properties)
    refuseExampleSecret(converted as Record<string, unknown>, env)
  return converted as Static<TObject<P>>
}

/**
 * The SESSION_SECRET values the repository publishes as examples (k8s/overlays/{prod,dev}/
 * secrets.example.env): with a known secret anyone can sign a session cookie or a preview link.
 */
export const EXAMPLE_SESSION_SECRETS = [
  'CHANGE-ME-TO-32-OR-MORE-RANDOM-CHARACTERS',
  'dev-only-session-secret-0123456789abcdef',
]
/** Origins that only reach this machine (localtest.me resolves to 127.0.0.1): a development cluster. */
const LOCAL_ORIGIN =
  /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\]|([\w-]+\.)*localtest\.me|([\w-]+\.)*localhost)(:\d+)?$/i

/**
 * In production (NODE_ENV=production, the images') an example secret is refused at start (issue
 * 45), unless every origin the site answers is local (a development cluster on this machine, as the
 * dev overlay's). A placeholder that says CHANGE-ME is refused everywhere.
 */
function refuseExampleSecret(config: Record<string, unknown>, env: Record<string, string | undefined>) {
  const secret = String(config.SESSION_SECRET ?? '')
  const example = EXAMPLE_SESSION_SECRETS.includes(secret) || /change-?me/i.test(secret)
  if (!example) return
  const origins = String(config.PUBLIC_ORIGIN ?? '')
    .split(',')
    .map((o) => o.trim())
  const local = origins.every((o) => LOCAL_ORIGIN.test(o))
  if (/change-?me/i.test(secret) || (env.NODE_ENV === 'production' && !local))
    throw new ConfigError(
      'Invalid configuration:\n  - SESSION_SECRET: the example value of the repository; set a secret of your own ' +
        '(`openssl rand -base64 48`): with a known one anyone can sign session cookies and preview links',
    )
}
