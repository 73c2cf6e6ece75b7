import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  PRIVATE_NO_STORE,
  adminOnly,
  errorResponses,
  firstOrigin,
  isObjectId,
  notFound,
  signPreview,
  verifyPreview,
  noBody,
} from '@site/service-kit'
import { IdParams, Page, PreviewLink, PreviewTokenParams } from '@site/contracts'
import type { Config } from '../../config.js'
import { toPageDto } from '../../lib/dto.js'
import { PAGE_NOT_FOUND } from './texts.js'

const tags = ['pages']
const DAY_MS = 24 * 3600 * 1000
const LINK_GONE = 'This preview link has expired or was revoked.'

/**
 * Preview links of pages, as the blog's of posts (docs/editorial.md, "Preview links"): make one,
 * revoke every one (the page's preview version goes up); the link's read is private and not indexed.
 */
export const pagePreviewAdmin: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  adminOnly(app)
  const { models } = app.store

  app.post(
    '/api/pages/:id/preview',
    {
      preValidation: noBody,
      schema: {
        tags,
        summary: 'A signed link that shows the page as saved now, draft or not (admin)',
        params: IdParams,
        response: { 200: PreviewLink, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params
      const page = isObjectId(id) ? await models.pages.findById(id).lean() : null
      if (!page) throw notFound(PAGE_NOT_FOUND)
      const expires = Date.now() + config.PREVIEW_TTL_DAYS * DAY_MS
      const token = signPreview(config.SESSION_SECRET, {
        kind: 'page',
        id,
        version: page.preview_version ?? 0,
        expires,
      })
      await app.changes.record(request, {
        kind: 'page',
        action: 'preview',
        target: { id, label: page.slug },
        keys: [],
      })
      return {
        url: `${firstOrigin(config.PUBLIC_ORIGIN)}/preview/pages/${token}`,
        expires_at: new Date(expires).toISOString(),
      }
    },
  )

  app.delete(
    '/api/pages/:id/preview',
    {
      schema: {
        tags,
        summary: 'Revoke every preview link of the page made so far (admin)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      // Not an edit: updated_at stays. (FerretDB's findAndModify takes no projection.)
      const page = isObjectId(id)
        ? await models.pages.findByIdAndUpdate(id, { $inc: { preview_version: 1 } }, { lean: true })
        : null
      if (!page) throw notFound(PAGE_NOT_FOUND)
      await app.changes.record(request, {
        kind: 'page',
        action: 'preview-revoke',
        target: { id, label: page.slug },
        keys: [],
      })
      return reply.code(204).send(null)
    },
  )
}

export const pagePreviewPublic: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { models } = app.store
  app.get(
    '/api/pages/preview/:token',
    {
      schema: {
        tags,
        summary: 'The page of a preview link, as saved now (private, never cached, not indexed)',
        params: PreviewTokenParams,
        response: { 200: Page, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE).header('x-robots-tag', 'noindex')
      const claim = verifyPreview(config.SESSION_SECRET, request.params.token, 'page')
      const doc = claim ? await models.pages.findById(claim.id).lean() : null
      if (!doc || (doc.preview_version ?? 0) !== claim!.version) throw notFound(LINK_GONE, 'PREVIEW_GONE')
      return toPageDto(doc)
    },
  )
}
