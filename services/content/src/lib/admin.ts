import type { FastifyInstance } from 'fastify'
import { requireAdmin } from '@site/service-kit'
import { ErrorBody } from '@site/contracts'
import { userValidationMessages } from './validation.js'

/** Makes an encapsulated context admin-only: 401 without a session, then the field messages for bad bodies. */
export function adminOnly(app: FastifyInstance) {
  app.addHook('preHandler', requireAdmin)
  userValidationMessages(app)
}

export const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody }
