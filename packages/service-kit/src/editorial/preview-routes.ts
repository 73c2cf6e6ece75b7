import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Model } from 'mongoose'
import { Type, type TSchema } from 'typebox'
import { PreviewLink, PreviewTokenParams, type ChangeKind } from '@site/contracts'
import { noBody } from '../body.js'
import { PRIVATE_NO_STORE } from '../http-cache.js'
import { isObjectId } from '../ids.js'
import { firstOrigin, signPreview, verifyPreview } from './preview.js'
import { errorResponses } from '../responses.js'
import { notFound } from '../errors.js'

const DAY_MS = 24 * 3600 * 1000
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
export const PREVIEW_GONE = 'This preview link has expired or was revoked.'

/** What a preview needs of a document: its preview version (raised by a revoke). */
export interface Previewable {
  preview_version?: number
}

interface PreviewCommon<D extends Previewable> {
  /** The signed kind (a post's token opens no page) and the change records' kind. */
  kind: ChangeKind & ('post' | 'page')
  tags: string[]
  secret: string
  /** The documents (posts, pages): found, bumped and loaded by id. */
  documents: Model<D>
}

export interface PreviewAdminOptions<D extends Previewable> extends PreviewCommon<D> {
  /** The document's admin path (`/api/blog/:id`): the links are made and revoked at `<path>/preview`. */
  path: string
  /** Where the web app shows a link: `<PUBLIC_ORIGIN><page>/<token>`. */
  page: string
  publicOrigin: string
  ttlDays: number
  /** The document's name in the audit trail. */
  label(doc: D): string
  /** The 404 for a missing document. */
  notFound(): Error
  /** Throws (403) when the signed-in admin may not preview this document (an author: not theirs). */
  mayPreview?(request: FastifyRequest, id: string): Promise<void>
}

/**
 * Preview links of one kind of document (docs/editorial.md, "Preview links"), inside an `adminOnly`
 * context: `POST <path>/preview` makes a signed link to the document as saved now, draft or not;
 * `DELETE <path>/preview` revokes every link made so far (the document's preview version goes up).
 * Both are change records (`preview`, `preview-revoke`) that touch no public answer.
 */
export function previewAdminRoutes<D extends Previewable>(
  scope: FastifyInstance,
  opts: PreviewAdminOptions<D>,
) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>()
  const existing = <T>(found: T | null | undefined): T => {
    if (found == null) throw opts.notFound()
    return found
  }
  const find = (id: string) => opts.documents.findById(id).lean<D>()
  // Not an edit of the document: its updated_at (what the indexers read) stays. (FerretDB's
  // findAndModify takes no projection.)
  const bump = (id: string) =>
    opts.documents
      .findByIdAndUpdate(id, { $inc: { preview_version: 1 } } as never, { timestamps: false })
      .lean<D>()

  app.post(
    `${opts.path}/preview`,
    {
      preValidation: noBody,
      schema: {
        tags: opts.tags,
        summary: `A signed link that shows the ${opts.kind} as saved now, draft or not (admin)`,
        params: IdParams,
        response: { 200: PreviewLink, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params
      if (opts.mayPreview && isObjectId(id)) await opts.mayPreview(request, id)
      const doc = existing(isObjectId(id) ? await find(id) : null)
      const version = doc.preview_version ?? 0
      const label = opts.label(doc)
      const expires = Date.now() + opts.ttlDays * DAY_MS
      const token = signPreview(opts.secret, { kind: opts.kind, id, version, expires })
      await scope.changes.afterWrite(request, {
        kind: opts.kind,
        action: 'preview',
        target: { id, label },
        keys: [],
      })
      return {
        url: `${firstOrigin(opts.publicOrigin)}${opts.page}/${token}`,
        expires_at: new Date(expires).toISOString(),
      }
    },
  )

  app.delete(
    `${opts.path}/preview`,
    {
      schema: {
        tags: opts.tags,
        summary: `Revoke every preview link of the ${opts.kind} made so far (admin)`,
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      if (opts.mayPreview && isObjectId(id)) await opts.mayPreview(request, id)
      const label = opts.label(existing(isObjectId(id) ? await bump(id) : null))
      await scope.changes.afterWrite(request, {
        kind: opts.kind,
        action: 'preview-revoke',
        target: { id, label },
        keys: [],
      })
      return reply.code(204).send(null)
    },
  )
}

export interface PreviewReadOptions<D extends Previewable> extends PreviewCommon<D> {
  /** The public read: `/api/blog/preview/:token`. */
  path: string
  /** The document's schema: what the read answers. */
  document: TSchema
  /** The answer for a genuine link. */
  answer(doc: D): Promise<unknown> | unknown
}

/**
 * The read behind a preview link: the document as saved now, private and never indexed; a forged,
 * expired, revoked or another kind's token is a 404.
 */
export function previewReadRoute<D extends Previewable>(scope: FastifyInstance, opts: PreviewReadOptions<D>) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    opts.path,
    {
      schema: {
        tags: opts.tags,
        summary: `The ${opts.kind} of a preview link, as saved now (private, never cached, not indexed)`,
        params: PreviewTokenParams,
        response: { 200: opts.document, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE).header('x-robots-tag', 'noindex')
      const claim = verifyPreview(opts.secret, request.params.token, opts.kind)
      const doc = claim && isObjectId(claim.id) ? await opts.documents.findById(claim.id).lean<D>() : null
      if (!doc || (doc.preview_version ?? 0) !== claim!.version) throw notFound(PREVIEW_GONE, 'PREVIEW_GONE')
      return opts.answer(doc)
    },
  )
}
