import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import {
  ADMIN_WRITE_ERRORS,
  adminOnly,
  checkIfMatch,
  errorResponses,
  IfMatchHeaders,
  sendVersioned,
  historyRoutes,
  isObjectId,
  notFound,
  writableFields,
} from '@site/service-kit'
import { IdParams, Project, ProjectInput } from '@site/contracts'
import type { Config } from '../../config.js'
import { nullIfEmpty, toProjectDto } from '../../lib/dto.js'
import { PROJECT_OPTIONAL_FIELDS, type ProjectDoc } from '../../models/project.js'
import { userValidationMessages } from '../../lib/validation.js'
import { normalizeUrl, ownObjectPath } from './urls.js'
import upload from './upload.js'
import { deleteStoredImage, imageInUse } from '../../lib/orphans.js'

const tags = ['projects']
const errors = ADMIN_WRITE_ERRORS
const PROJECT_NOT_FOUND = 'Project not found'

/** The contract's fields as stored: optional texts left empty become null, URLs are checked. */
function toDocument(body: ProjectInput) {
  return {
    ...nullIfEmpty(body, PROJECT_OPTIONAL_FIELDS),
    image_url: normalizeUrl(body.image_url, 'Image URL', true),
    video_url: normalizeUrl(body.video_url, 'Video URL'),
    link_url: normalizeUrl(body.link_url, 'Link URL'),
  }
}

/** POST /api/projects, PUT/DELETE /api/projects/{id}, POST /api/projects/upload. */
const projectsAdmin: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  adminOnly(app, { capability: 'content.edit', audit: 'project' })
  userValidationMessages(app)
  const { models, objects } = app.store
  const target = (p: Project) => ({ id: p.id, label: p.title })
  await app.register(upload, { config })

  /**
   * Removes an image uploaded with a project once no project or kept revision shows it any more. A
   * library item (`media/…`) chosen for a project stays: the library owns it.
   */
  async function releaseImage(url: string | null | undefined, log: FastifyBaseLogger) {
    const path = ownObjectPath(url)
    if (!path?.startsWith('projects/') || !url || (await imageInUse(models, app.changes.log, url))) return
    await deleteStoredImage(models, objects, path).catch((err: unknown) =>
      log.warn({ err, path }, 'could not delete a project image'),
    )
  }

  /** An edit, or a restore of a revision: recorded as either. */
  async function update(
    request: FastifyRequest,
    id: string,
    body: ProjectInput,
    action: 'update' | 'restore',
    /** Called with the stored project before the write (the If-Match check); may throw. */
    expect?: (current: ProjectDoc) => void,
  ) {
    if (!isObjectId(id)) throw notFound(PROJECT_NOT_FOUND)
    const set = toDocument(body)
    // One save of a project at a time (kit changes.exclusive): the check holds to the write.
    const before = await app.changes.exclusive(`project:${id}`, async () => {
      if (expect) {
        const current = await models.projects.findById(id).lean()
        if (current) expect(current)
      }
      return models.projects.findByIdAndUpdate(id, { $set: set }, { returnDocument: 'before', lean: true })
    })
    if (!before) throw notFound(PROJECT_NOT_FOUND)
    if (before.image_url !== set.image_url) await releaseImage(before.image_url, request.log)
    const project = toProjectDto({ ...before, ...set })
    await app.changes.afterWrite(request, {
      kind: 'project',
      action,
      target: target(project),
      before: toProjectDto(before),
      snapshot: project,
      staysPublic: true,
    })
    return project
  }

  app.post(
    '/api/projects',
    {
      schema: {
        tags,
        summary: 'Add a project (admin)',
        body: ProjectInput,
        response: { 201: Project, ...errors },
      },
    },
    async (request, reply) => {
      const doc = await models.projects.create(toDocument(request.body))
      const project = toProjectDto(doc.toObject())
      await app.changes.afterWrite(request, {
        kind: 'project',
        action: 'create',
        target: target(project),
        snapshot: project,
      })
      return reply.code(201).send(project)
    },
  )

  app.put(
    '/api/projects/:id',
    {
      config: { capability: ['content.edit', 'translate'] },
      schema: {
        tags,
        summary: 'Update a project (admin)',
        params: IdParams,
        body: ProjectInput,
        headers: IfMatchHeaders,
        response: { 200: Project, ...errors, ...errorResponses(412) },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      // If-Match (issue 45): refused with 412 when someone saved the project since the editor opened it.
      const expect = request.headers['if-match']
        ? (current: ProjectDoc) => checkIfMatch(request, reply, toProjectDto(current))
        : undefined
      return sendVersioned(reply, await update(request, id, request.body, 'update', expect))
    },
  )

  historyRoutes(app, {
    kind: 'project',
    path: '/api/projects/:id',
    tags,
    document: Project,
    notFoundMessage: PROJECT_NOT_FOUND,
    exists: async (id) => isObjectId(id) && Boolean(await models.projects.exists({ _id: id })),
    restore: (request, id, snapshot) =>
      update(request, id, writableFields(ProjectInput, snapshot) as ProjectInput, 'restore'),
  })

  app.delete(
    '/api/projects/:id',
    {
      config: { capability: 'content.publish' },
      schema: {
        tags,
        summary: 'Delete a project and its uploaded image (admin)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      if (!isObjectId(id)) throw notFound(PROJECT_NOT_FOUND)
      const doc = await models.projects.findByIdAndDelete(id).lean()
      if (!doc) throw notFound(PROJECT_NOT_FOUND)
      await releaseImage(doc.image_url, request.log)
      await app.changes.afterWrite(request, {
        kind: 'project',
        action: 'delete',
        target: target(toProjectDto(doc)),
      })
      return reply.code(204).send(null)
    },
  )
}
export default projectsAdmin
