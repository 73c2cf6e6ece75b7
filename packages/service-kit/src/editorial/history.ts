import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type TSchema } from 'typebox'
import { Revision, RevisionDetail, type ChangeKind } from '@site/contracts'
import { errorResponses } from '../responses.js'
import { notFound } from '../errors.js'

export interface HistoryRoutesOptions {
  kind: ChangeKind
  /** The document's admin path: `/api/pages/:id` (revisions under `/api/pages/:id/revisions`), or `/api/content` for a singleton. */
  path: string
  tags: string[]
  /** The saved document's schema: what a restore answers. */
  document: TSchema
  /** The document's id: from the path's `:id`, or the singleton's own (null while it does not exist). */
  idOf?: (request: FastifyRequest) => Promise<string | null>
  /** Whether the document exists (its history of a deleted document is not offered for restore). */
  exists(id: string): Promise<boolean>
  /**
   * Saves the revision's fields through the service's own write path (validation, sanitizing,
   * slug rules) and records the change with action `restore`; answers the saved document.
   */
  restore(request: FastifyRequest, id: string, snapshot: Record<string, unknown>): Promise<unknown>
  /** The 404 message for a missing document. */
  notFoundMessage: string
}

const RevisionList = Type.Object({ items: Type.Array(Revision) })

/**
 * The history of one kind of document, the same three routes for every kind (call it inside an
 * `adminOnly` context): `GET <path>/revisions` (newest first), `GET <path>/revisions/:revisionId`
 * (with the snapshot, for "what changed") and `POST <path>/revisions/:revisionId/restore` (itself
 * a new revision).
 */
export function historyRoutes(scope: FastifyInstance, opts: HistoryRoutesOptions) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>()
  const singleton = !opts.path.includes(':id')
  const params = singleton
    ? Type.Object({ revisionId: Type.String({ maxLength: 64 }) })
    : Type.Object({ id: Type.String({ maxLength: 64 }), revisionId: Type.String({ maxLength: 64 }) })
  const listParams = singleton ? undefined : Type.Object({ id: Type.String({ maxLength: 64 }) })
  const idOf =
    opts.idOf ?? (async (request: FastifyRequest) => (request.params as { id?: string }).id ?? null)

  async function existing(request: FastifyRequest): Promise<string> {
    const id = await idOf(request)
    if (!id || !(await opts.exists(id))) throw notFound(opts.notFoundMessage)
    return id
  }

  app.get(
    `${opts.path}/revisions`,
    {
      config: { capability: 'content.read' },
      schema: {
        tags: opts.tags,
        summary: `The ${opts.kind}'s revisions, newest first (admin)`,
        ...(listParams ? { params: listParams } : {}),
        response: { 200: RevisionList, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ items: await scope.changes.log.history(opts.kind, await existing(request)) }),
  )

  app.get(
    `${opts.path}/revisions/:revisionId`,
    {
      config: { capability: 'content.read' },
      schema: {
        tags: opts.tags,
        summary: `One revision of the ${opts.kind} with the document as it was saved (admin)`,
        params,
        response: { 200: RevisionDetail, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const id = await existing(request)
      const revision = await scope.changes.log.revision(opts.kind, id, request.params.revisionId)
      if (!revision) throw notFound('Revision not found')
      return revision
    },
  )

  app.post(
    `${opts.path}/revisions/:revisionId/restore`,
    {
      config: { capability: 'content.publish' },
      schema: {
        tags: opts.tags,
        summary: `Restore a revision of the ${opts.kind}: saved as a new revision (admin)`,
        params,
        response: { 200: opts.document, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const id = await existing(request)
      const revision = await scope.changes.log.revision(opts.kind, id, request.params.revisionId)
      if (!revision) throw notFound('Revision not found')
      return opts.restore(request, id, revision.snapshot)
    },
  )
}

/** The fields of `snapshot` that a write body of `schema` names: what a restore writes back. */
export function writableFields(
  schema: { properties: Record<string, unknown> },
  snapshot: Record<string, unknown>,
) {
  return Object.fromEntries(Object.entries(snapshot).filter(([k]) => k in schema.properties))
}
