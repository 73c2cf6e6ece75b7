import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { installErrorHandling } from './errors.js'
import { boundJsonDepth } from './body.js'
import { genReqId, loggerOptions } from './logger.js'
import health from './health.js'
import metrics from './metrics.js'
import mongo, { pingMongo } from './mongo.js'
import redisPlugin, { pingRedis } from './redis.js'
import sessionReader from './session/reader.js'
import csrf from './csrf.js'
import { BODY_LIMITS } from './body-limits.js'

export interface ServiceOptions {
  /** Short name: used in logs, metrics and as the default database name (`site_<name>`). */
  name: string
  version?: string
  description?: string
  config: {
    HOST?: string
    LOG_LEVEL: string
    TRUST_PROXY: string
    MONGO_URL?: string
    MONGO_DB?: string
    REDIS_URL?: string
    QUEUE_PREFIX?: string
    SESSION_SECRET?: string
    PUBLIC_ORIGIN?: string
    HEADERS_TIMEOUT_MS?: number
    REQUEST_TIMEOUT_MS?: number
  }
  /** Public path prefix of the service's API (e.g. `/api/auth`): `<prefix>/health` and `<prefix>/ping` live there. */
  publicPrefix?: string
  /** The service's own routes and plugins, registered after the kit's. */
  routes: FastifyPluginAsync
  /** false: keep the metrics registry but serve no `/metrics` route (the process serves it elsewhere). */
  metricsRoute?: boolean
  /** false: no API document (`/openapi.json`): a process that serves pages, not an API (the web server). */
  openapi?: boolean
  /** Extra Fastify options (e.g. bodyLimit). */
  fastify?: { bodyLimit?: number; logger?: boolean }
}

export type App = FastifyInstance

/** One registered route, as `app.routeList` lists them (tests walk these). */
export interface RouteInfo {
  method: string
  url: string
  /** Registered in an `adminOnly` context. */
  admin: boolean
  /** Left out of the OpenAPI document (`schema.hide`). */
  hidden: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the service, in registration order (HEAD routes Fastify adds for GETs included). */
    routeList: RouteInfo[]
  }
}

/** TRUST_PROXY: 'none' (the edge), 'true', or a list of addresses/ranges (proxy-addr names such as 'loopback,uniquelocal'). */
export function parseTrustProxy(value: string): boolean | string {
  const v = value.trim()
  if (v === '' || v === 'none' || v === 'false') return false
  if (v === 'true') return true
  return v
}

/**
 * Builds a service the way every service here is built: JSON logs with request ids, the one error
 * shape, health and readiness, metrics, OpenAPI, and, when configured, MongoDB, Redis, the session
 * reader and CSRF protection. Does not listen; see runService.
 */
export async function createService(opts: ServiceOptions): Promise<FastifyInstance> {
  const { config } = opts
  const app = Fastify<Server, IncomingMessage, ServerResponse>({
    logger: opts.fastify?.logger === false ? false : loggerOptions(opts.name, config.LOG_LEVEL),
    genReqId,
    requestIdHeader: false,
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    bodyLimit: opts.fastify?.bodyLimit ?? BODY_LIMITS.default,
    forceCloseConnections: 'idle',
    // A client that trickles its request in is cut off (408, connection closed) instead of holding
    // a connection for ever; Node checks the timers every connectionsCheckingInterval.
    requestTimeout: config.REQUEST_TIMEOUT_MS ?? 130000,
    http: { headersTimeout: config.HEADERS_TIMEOUT_MS ?? 10000, connectionsCheckingInterval: 1000 },
    ajv: {
      customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  installErrorHandling(app)
  const routeList: RouteInfo[] = []
  app.decorate('routeList', routeList)
  app.addHook('onRoute', (route) => {
    // Read `admin` late: the adminOnly context marks the same route options after this root hook ran.
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide)
    for (const method of [route.method].flat()) {
      routeList.push({
        method: String(method),
        url: route.url,
        hidden,
        get admin() {
          return route.config?.admin === true
        },
      })
    }
  })
  boundJsonDepth(app)

  if (opts.openapi !== false) {
    // Loaded here, not at the top: the workers import the kit's barrel but serve no API document.
    const { default: swagger } = await import('@fastify/swagger')
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${opts.name} service`,
          version: opts.version ?? '0.1.0',
          description: opts.description ?? '',
        },
      },
    })
    app.get('/openapi.json', { schema: { hide: true }, logLevel: 'warn' }, async () => app.swagger())
  }

  await app.register(health, {
    name: opts.name,
    ...(opts.publicPrefix ? { publicPrefix: opts.publicPrefix } : {}),
  })
  await app.register(metrics, { name: opts.name, route: opts.metricsRoute ?? true })

  if (config.MONGO_URL) {
    await app.register(mongo, { url: config.MONGO_URL, dbName: config.MONGO_DB ?? `site_${opts.name}` })
    app.addReadinessCheck('mongo', () => pingMongo(app.db))
  }
  if (config.REDIS_URL) {
    await app.register(redisPlugin, { url: config.REDIS_URL })
    app.addReadinessCheck('redis', () => pingRedis(app.redis))
  }
  if (config.MONGO_URL && config.REDIS_URL) {
    // Loaded here, not at the top: processes without a database (the gateway) don't carry mongoose.
    const { default: changes } = await import('./changes/plugin.js')
    await app.register(changes, { service: opts.name, prefix: config.QUEUE_PREFIX ?? 'site' })
  }
  if (config.SESSION_SECRET) {
    if (!config.REDIS_URL) throw new Error(`${opts.name}: sessions need REDIS_URL`)
    await app.register(sessionReader, {
      secret: config.SESSION_SECRET,
      redis: () => app.redis,
      prefix: config.QUEUE_PREFIX ?? 'site',
    })
    await app.register(csrf, { origins: (config.PUBLIC_ORIGIN ?? '').split(',') })
  }

  await app.register(opts.routes)
  return app
}
