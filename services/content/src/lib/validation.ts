import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest } from '@site/service-kit'
import { contentFieldMessage } from '@site/contracts'

type AjvError = NonNullable<FastifyError['validation']>[number]

/** Turns the first schema violation into the spec's user message for that field (spec §5). */
export function messageFor(error: AjvError): string {
  const params = error.params as { missingProperty?: string; limit?: number }
  const path = error.instancePath.replace(/^\//, '').split('/')
  const field = params.missingProperty ?? path[0] ?? ''
  switch (error.keyword) {
    case 'required':
      return contentFieldMessage(field, 'required')
    case 'maxLength':
      return contentFieldMessage(field, 'max', params.limit ?? 0)
    case 'minLength':
      return contentFieldMessage(field, 'required')
    case 'maxItems':
      return `${field}: too many items`
    default:
      return contentFieldMessage(field, 'invalid')
  }
}

/**
 * For an admin context: schema violations are answered with the field's own message instead of
 * Ajv's (the admin check itself ran earlier, in onRequest).
 */
export function userValidationMessages(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.attachValidation = true
  })
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const error = request.validationError as FastifyError | undefined
    if (!error) return
    const first = error.validation?.[0]
    throw badRequest(first ? messageFor(first) : error.message, 'VALIDATION')
  })
}
