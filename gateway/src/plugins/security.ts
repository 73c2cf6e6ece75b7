import { createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import { clientKey, createRedis, errorBody } from '@site/service-kit'
import { PAGE_BOOT_SCRIPT } from '@site/contracts/page-scripts'
import type { Config } from '../config.js'
import { budget, budgeted, rateClass } from './rate-classes.js'

/** The pages' one inline script, allowed by its hash (it redirects a returning visitor and loads the app). */
const PAGE_BOOT_HASH = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`

/** Edge security: helmet headers with a real CSP, and a per-IP request budget for the API. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", PAGE_BOOT_HASH],
          // React sets style attributes (e.g. the hero's opacity); no inline scripts are allowed.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Featured images and project images may be external https URLs entered by an admin.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(config.DEV_HMR_ORIGIN ? [config.DEV_HMR_ORIGIN] : [])],
          mediaSrc: ["'self'", 'https:'],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          ...(config.HTTPS ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: config.HTTPS ? { maxAge: 31536000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    })
    // Counters in Redis when configured, so every replica counts against the same budget.
    const redis = config.REDIS_URL ? createRedis(config.REDIS_URL, { commandTimeout: 500 }) : undefined
    if (redis) app.addHook('onClose', async () => void redis.disconnect())
    await app.register(rateLimit, {
      // Every route, with one counter per class and address (the key), not per route.
      global: true,
      allowList: (request) => !budgeted(request),
      keyGenerator: (request) => `${rateClass(request)}:${clientKey(request.ip)}`,
      max: (request) => budget(config, rateClass(request)),
      timeWindow: 60_000,
      ...(redis ? { redis, nameSpace: `${config.QUEUE_PREFIX}:gateway-rate:` } : {}),
      // Redis away: let requests through rather than take the site down with it (fail open); the
      // services' own limits on logins and the contact form still hold (they fail closed).
      skipOnError: true,
      errorResponseBuilder: (_req, ctx) =>
        errorBody(
          429,
          `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
          'RATE_LIMITED',
        ),
    })
  },
  { name: 'gateway-security' },
)
