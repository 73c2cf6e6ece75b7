import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyServerOptions } from 'fastify'

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

/** Keeps the caller's request id when it looks like one, so a request can be followed across services. */
export function genReqId(req: IncomingMessage): string {
  const given = req.headers['x-request-id']
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
}

/** pino options: JSON lines, secrets and personal data redacted. */
export function loggerOptions(name: string, level: string): FastifyServerOptions['logger'] {
  return {
    level,
    base: { service: name },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.email',
      ],
      censor: '[redacted]',
    },
  }
}
