import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, adminOnly, errorResponses, notFound } from '@site/service-kit'
import { type BlogImportJobStatus as JobStatus, BlogImportJobStatus } from '@site/contracts'
import type { ImportProgress, ImportResult } from '../../jobs/import.js'
import { uploadResult } from '../upload/admin.js'

/** GET /api/blog/jobs/{id}: what the admin who got a 202 polls. */
const jobsAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app)
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
      const raw = await job.getState()
      const state = raw === 'completed' || raw === 'failed' || raw === 'active' ? raw : 'waiting'
      const p = (typeof job.progress === 'object' ? job.progress : {}) as Partial<ImportProgress>
      const status: JobStatus = {
        id: String(job.id),
        state,
        stage: p.stage ?? 'queued',
        progress: Math.max(0, Math.min(100, Math.round(p.percent ?? 0))),
        attempts: job.attemptsMade,
      }
      if (state === 'completed' && job.returnvalue) {
        const r = job.returnvalue as ImportResult
        const result = await uploadResult(ctx, r.postId, r.aiTags, r.translation !== 'replayed')
        if (result) status.result = result
      }
      if (state === 'failed') status.error = job.failedReason || 'The file could not be imported.'
      return status
    },
  )
}
export default jobsAdmin
