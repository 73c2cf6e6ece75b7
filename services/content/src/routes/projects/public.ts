import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { errorResponses, findPage, sendShared } from '@site/service-kit'
import { PAGE_SIZE_DEFAULT, PageQuery, Paged, Project, SURROGATE } from '@site/contracts'
import { toProjectDto } from '../../lib/dto.js'

/** No title search on projects: their list is short and shown whole on /projects, page by page. */
const ProjectQuery = Type.Omit(PageQuery, ['q'])

/** GET /api/projects. Projects have no drafts: visitors and admins read the same cached pages. */
const projectsPublic: FastifyPluginAsyncTypebox = async (app) => {
  const { models, cache } = app.store
  app.get(
    '/api/projects',
    {
      schema: {
        tags: ['projects'],
        summary: 'Projects, newest first, in pages',
        querystring: ProjectQuery,
        response: { 200: Paged(Project), 304: {}, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const { page = 1, pageSize = PAGE_SIZE_DEFAULT } = request.query
      const entry = await cache.get(`projects:${page}:${pageSize}`, () =>
        findPage(
          models.projects,
          {},
          { page, pageSize },
          { sort: { created_at: -1, _id: -1 }, map: toProjectDto },
        ),
      )
      return sendShared(request, reply, entry, [SURROGATE.projects])
    },
  )
}
export default projectsPublic
