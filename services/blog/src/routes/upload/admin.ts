import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import multipart from '@fastify/multipart'
import { HttpError, adminOnly, badRequest, errorResponses } from '@site/service-kit'
import { BlogUploadAccepted, BlogUploadResult, bylineOf } from '@site/contracts'
import type { Blog } from '../../plugins/blog.js'
import type { PostDoc } from '../../models/post.js'
import { storeUpload } from '../../models/upload.js'
import { recordImport } from '../../imports/repo.js'
import {
  FileRejected,
  INVALID_TYPE,
  MAX_UPLOAD_BYTES,
  checkUpload,
  claimedKind,
} from '../../lib/filecheck.js'
import { toPostDto } from '../../posts/dto.js'
import { overridesFrom, receive, uploadIdOf } from './input.js'

/** The 200 answer of an upload (also a finished job's result): the post as saved now. */
export async function uploadResult(ctx: Blog, postId: string, aiTags: string[], created: boolean) {
  const doc = await ctx.posts.findById(postId).lean<PostDoc>()
  return doc ? { blogPost: toPostDto(doc), aiGenerated: { tags: aiTags }, created } : undefined
}

/** POST /api/blog/upload: check, store, enqueue, wait a bounded time (docs/blog-import.md). */
const uploadAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'media.upload', audit: 'post' })
  const ctx = app.blog
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 20,
      fieldSize: 10_000,
      parts: 22,
      headerPairs: 200,
    },
  })

  app.post(
    '/api/blog/upload',
    {
      schema: {
        tags: ['blog'],
        consumes: ['multipart/form-data'],
        response: {
          200: BlogUploadResult,
          202: BlogUploadAccepted,
          ...errorResponses(400, 401, 413, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const admin = (await request.getAdmin())!
      const { bytes, filename, mimetype, fields } = await receive(request)
      const kind = claimedKind(filename, mimetype)
      if (!kind) throw badRequest(INVALID_TYPE, 'INVALID_FILE_TYPE')
      try {
        await checkUpload(bytes, kind)
      } catch (err) {
        if (err instanceof FileRejected)
          throw new HttpError(
            err.statusCode,
            err.message,
            err.statusCode === 413 ? 'FILE_TOO_LARGE' : 'INVALID_FILE',
          )
        throw err
      }
      const overrides = overridesFrom(fields)
      const uploadId = uploadIdOf(bytes, overrides)
      const existing = await ctx.posts.findOne({ source_upload_id: uploadId }).lean<PostDoc>()
      // The same upload again: the post it made, with its tags (the editor reports how many there are).
      if (existing)
        return { blogPost: toPostDto(existing), aiGenerated: { tags: [...existing.tags] }, created: false }

      await storeUpload(request.server.db, uploadId, bytes, {
        kind,
        filename,
        author: admin.username,
        byline: bylineOf(admin),
        overrides,
      })
      const jobId = `import-${uploadId}`
      const previous = await ctx.queue.getJob(jobId)
      // A finished job of the same upload whose post is gone (deleted) or that failed: run it again.
      if (previous && ['completed', 'failed'].includes(await previous.getState())) await previous.remove()
      const job = await ctx.queue.add('import', { uploadId }, { jobId })
      // The admin's imports list; the job runs without it.
      await recordImport(ctx, request.server.db, request.log, jobId, uploadId, {
        filename,
        kind,
        author: admin.username,
      })
      try {
        const result = await job.waitUntilFinished(ctx.events, ctx.config.BLOG_UPLOAD_WAIT_MS)
        const answer = await uploadResult(
          ctx,
          result.postId,
          result.aiTags,
          result.translation !== 'replayed',
        )
        if (answer) return answer
      } catch {
        const state = await job.getState().catch(() => 'unknown')
        if (state === 'failed') {
          const failed = await ctx.queue.getJob(jobId)
          throw new HttpError(422, failed?.failedReason || 'The file could not be imported.', 'IMPORT_FAILED')
        }
      }
      return reply.code(202).send({ jobId, status: 'queued' as const, statusUrl: `/api/blog/jobs/${jobId}` })
    },
  )
}
export default uploadAdmin
