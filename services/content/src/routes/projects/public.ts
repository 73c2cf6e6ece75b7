import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { findPage, notFound, sendCached } from '@site/service-kit'
import { ErrorBody, IdParams, PAGE_SIZE_DEFAULT, PageQuery, Paged, Project, ProjectInput } from '@site/contracts'
import type { Config } from '../../config.js'
import { adminOnly, errors } from '../../lib/admin.js'
import { isObjectId, projectDto } from '../../lib/dto.js'
import { normalizeUrl, ownObjectPath } from './urls.js'
import upload from './upload.js'

const tags = ['projects']
const PROJECT_NOT_FOUND = 'Project not found'
/** No title search on projects: their list is short and shown whole on /projects, page by page. */
const ProjectQuery = Type.Omit(PageQuery, ['q'])

function toDocument(body: ProjectInput) {
  return {
    title: body.title,
    description: body.description,
    image_url: normalizeUrl(body.image_url, 'Image URL', true),
    video_url: normalizeUrl(body.video_url, 'Video URL'),
    link_url: normalizeUrl(body.link_url, 'Link URL'),
  }
}

/** GET/POST /api/projects, PUT/DELETE /api/projects/{id}, POST /api/projects/upload. */
const projectRoutes: FastifyPluginAsync<{ config: Config }> = async (plain, { config }) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>()
  const { models, cache, objects } = app.store

  /** Removes an uploaded image once no project shows it any more. */
  async function releaseImage(url: string | null | undefined, log: import('fastify').FastifyBaseLogger) {
    const path = ownObjectPath(url)
    if (!path || (await models.projects.exists({ image_url: url }))) return
    await objects.delete(path).catch((err: unknown) => log.warn({ err, path }, 'could not delete a project image'))
  }

  // Projects have no drafts: visitors and admins read the same cached pages.
  app.get(
    '/api/projects',
    {
      schema: {
        tags,
        summary: 'Projects, newest first, in pages',
        querystring: ProjectQuery,
        response: { 200: Paged(Project), 304: {}, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const { page = 1, pageSize = PAGE_SIZE_DEFAULT } = request.query
      const entry = await cache.get(`projects:${page}:${pageSize}`, () =>
        findPage(models.projects, {}, { page, pageSize }, { sort: { created_at: -1, _id: -1 }, map: projectDto }),
      )
      return sendCached(request, reply, entry)
    },
  )

  await app.register(async (scope) => {
    adminOnly(scope)
    const admin = scope.withTypeProvider<TypeBoxTypeProvider>()
    await admin.register(upload, { config })

    admin.post(
      '/api/projects',
      { schema: { tags, summary: 'Add a project (admin)', body: ProjectInput, response: { 201: Project, ...errors } } },
      async (request, reply) => {
        const doc = await models.projects.create(toDocument(request.body))
        await cache.invalidate(request.log)
        return reply.code(201).send(projectDto(doc.toObject()))
      },
    )

    admin.put(
      '/api/projects/:id',
      { schema: { tags, summary: 'Update a project (admin)', params: IdParams, body: ProjectInput, response: { 200: Project, ...errors } } },
      async (request) => {
        const { id } = request.params
        if (!isObjectId(id)) throw notFound(PROJECT_NOT_FOUND)
        const update = toDocument(request.body)
        const before = await models.projects.findByIdAndUpdate(id, { $set: update }, { returnDocument: 'before', lean: true })
        if (!before) throw notFound(PROJECT_NOT_FOUND)
        if (before.image_url !== update.image_url) await releaseImage(before.image_url, request.log)
        await cache.invalidate(request.log)
        return projectDto({ ...before, ...update })
      },
    )

    admin.delete(
      '/api/projects/:id',
      { schema: { tags, summary: 'Delete a project and its uploaded image (admin)', params: IdParams, response: { 204: Type.Null(), ...errors } } },
      async (request, reply) => {
        const { id } = request.params
        if (!isObjectId(id)) throw notFound(PROJECT_NOT_FOUND)
        const doc = await models.projects.findByIdAndDelete(id).lean()
        if (!doc) throw notFound(PROJECT_NOT_FOUND)
        await releaseImage(doc.image_url, request.log)
        await cache.invalidate(request.log)
        return reply.code(204).send(null)
      },
    )
  })
}
export default projectRoutes
