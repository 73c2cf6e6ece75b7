import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PRIVATE_NO_STORE, Type, adminOnly, errorResponses } from '@site/service-kit'
import { BlogImport, BlogImportsQuery, Paged } from '@site/contracts'
import { listImports } from '../../imports/list.js'
import { retryImport } from '../../imports/repo.js'

/**
 * The admin's recent imports (docs/blog-import.md, "The imports list"): GET /api/blog/imports, one
 * page newest first with each job's live state, and POST /api/blog/imports/{id}/retry for a failed one.
 */
const importsAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'imports', audit: 'import' })
  const ctx = app.blog
  app.get(
    '/api/blog/imports',
    {
      schema: {
        tags: ['blog'],
        summary: 'Recent file imports, newest first, with each job’s live state (admin, paged)',
        querystring: BlogImportsQuery,
        response: { 200: Paged(BlogImport), ...errorResponses(400, 401, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE)
      return listImports(ctx, request.query)
    },
  )

  app.post(
    '/api/blog/imports/:id/retry',
    {
      schema: {
        tags: ['blog'],
        summary: 'Run a failed import again (admin); 409 for any other',
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 202: BlogImport, ...errorResponses(401, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const run = await retryImport(ctx, request.server.db, request.params.id)
      // In the audit trail (issue 45): who ran which file again.
      await app.changes.afterWrite(request, {
        kind: 'import',
        action: 'retry',
        target: { id: run.id, label: run.filename },
        fields: [],
      })
      return reply.code(202).send(run)
    },
  )
}
export default importsAdmin
