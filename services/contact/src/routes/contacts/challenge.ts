import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PRIVATE_NO_STORE, errorResponses } from '@site/service-kit'
import { ContactChallenge } from '@site/contracts'

/**
 * `GET /api/contacts/challenge`: a fresh signed proof-of-work challenge for the form. No cookie and
 * nothing stored; never cached (each visitor, each form gets its own).
 */
const contactsChallenge: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/contacts/challenge',
    {
      schema: {
        tags: ['contacts'],
        summary: 'A proof-of-work challenge (ALTCHA) for the contact form',
        response: { 200: ContactChallenge, ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE)
      return app.formGuard.challenge()
    },
  )
}
export default contactsChallenge
