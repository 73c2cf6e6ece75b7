import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import { errorBody } from '@site/service-kit'
import type { Config } from '../config.js'

/** Edge security: helmet headers with a real CSP, and a per-IP request budget for the API. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // React sets style attributes (e.g. the hero's opacity); no inline scripts are allowed.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Featured images and project images may be external https URLs entered by an admin.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
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
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_req, ctx) =>
        errorBody(429, `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`, 'RATE_LIMITED'),
    })
  },
  { name: 'gateway-security' },
)
