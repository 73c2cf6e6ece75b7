import type { FastifyInstance } from 'fastify'
import { adminOnly as kitAdminOnly } from '@site/service-kit'
import { ErrorBody } from '@site/contracts'
import { userValidationMessages } from './validation.js'

/**
 * Makes an encapsulated context admin-only through the kit's one boundary (401 before the body is
 * read), and answers bad bodies with the field messages of spec §5.
 */
export function adminOnly(app: FastifyInstance) {
  kitAdminOnly(app)
  userValidationMessages(app)
}

export const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody }
