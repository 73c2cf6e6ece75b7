import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, adminOnly, errorResponses, notFound } from '@site/service-kit'
import { type BlogImportJobStatus as JobStatus, BlogImportJobStatus } from '@site/contracts'
import type { ImportResult } from '../../jobs/import.js'
import { jobView } from '../../imports/status.js'
import { uploadResult } from '../upload/admin.js'

/** GET /api/blog/jobs/{id}: what the admin who got a 202 polls. */
const jobsAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'imports' })
  const ctx = app.blog
  app.get(
    '/api/blog/jobs/:id',
    {
      schema: {
        tags: ['blog'],
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: BlogImportJobStatus, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const job = await ctx.queue.getJob(request.params.id)
      if (!job) throw notFound('Import job not found', 'JOB_NOT_FOUND')
      const status: JobStatus = { id: String(job.id), ...(await jobView(ctx.queue, job)) }
      if (status.state === 'completed' && job.returnvalue) {
        const r = job.returnvalue as ImportResult
        const result = await uploadResult(ctx, r.postId, r.aiTags, r.translation !== 'replayed')
        if (result) status.result = result
      }
      return status
    },
  )
}
export default jobsAdmin
