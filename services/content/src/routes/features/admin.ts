import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import mongoose from 'mongoose'
import {
  ADMIN_WRITE_ERRORS,
  adminOnly,
  checkIfMatch,
  errorResponses,
  IfMatchHeaders,
  sendVersioned,
  badRequest,
  historyRoutes,
  isObjectId,
  notFound,
  writableFields,
} from '@site/service-kit'
import type { FastifyRequest } from 'fastify'
import { Feature, FeatureInput, FeatureOrder, IdParams } from '@site/contracts'
import { toAdminFeatureDto, toFeatureDto, nullIfEmpty } from '../../lib/dto.js'
import { featureTranslations, firstLanguages, languageMarks } from '../../lib/localized-translations.js'
import type { FeatureDoc } from '../../models/feature.js'
import { userValidationMessages } from '../../lib/validation.js'
import { listFeatures } from './list.js'
import { FEATURE_NOT_FOUND } from './translations.js'

const tags = ['features']
const OPTIONAL = ['title_de', 'description_de']
const errors = ADMIN_WRITE_ERRORS

/** POST /api/features, GET/PUT/DELETE /api/features/{id}, PUT /api/features/order. */
const featuresAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'content.edit', audit: 'feature' })
  userValidationMessages(app)
  const { models } = app.store
  const target = (f: Feature) => ({ id: f.id, label: f.title_en || f.title_nl })

  /** An edit, or a restore of a revision: recorded as either. */
  async function update(
    request: FastifyRequest,
    id: string,
    body: FeatureInput,
    action: 'update' | 'restore',
    /** Called with the stored feature before the write (the If-Match check); may throw. */
    expect?: (current: FeatureDoc) => void,
  ) {
    if (!isObjectId(id)) throw notFound(FEATURE_NOT_FOUND)
    // One save of a feature at a time (kit changes.exclusive): the check holds to the write.
    const { before, after } = await app.changes.exclusive(`feature:${id}`, async () => {
      const current = await models.features.findById(id).lean<FeatureDoc>()
      if (!current) throw notFound(FEATURE_NOT_FOUND)
      expect?.(current)
      const set: Record<string, unknown> = { ...nullIfEmpty(body, OPTIONAL), updated_at: new Date() }
      // The languages whose texts changed become the person's; a Dutch edit makes the others stale.
      Object.assign(set, languageMarks(featureTranslations, current, set))
      await models.features.updateOne({ _id: id }, { $set: set })
      return { before: current, after: { ...current, ...set } as FeatureDoc }
    })
    const feature = toFeatureDto(after)
    await app.changes.afterWrite(request, {
      kind: 'feature',
      action,
      target: target(feature),
      before: toFeatureDto(before),
      snapshot: feature,
      staysPublic: true,
    })
    return toAdminFeatureDto(after)
  }

  app.post(
    '/api/features',
    {
      schema: {
        tags,
        summary: 'Add a feature at the end (admin)',
        body: FeatureInput,
        response: { 201: Feature, ...errors },
      },
    },
    async (request, reply) => {
      const last = await models.features.findOne().sort({ sort_order: -1 }).select({ sort_order: 1 }).lean()
      const fields = nullIfEmpty(request.body, OPTIONAL)
      const doc = await models.features.create({
        ...fields,
        ...firstLanguages(featureTranslations, fields),
        sort_order: (last?.sort_order ?? -1) + 1,
      })
      const feature = toFeatureDto(doc.toObject())
      await app.changes.afterWrite(request, {
        kind: 'feature',
        action: 'create',
        target: target(feature),
        snapshot: feature,
      })
      return reply.code(201).send(toAdminFeatureDto(doc.toObject()))
    },
  )

  app.put(
    '/api/features/order',
    {
      schema: {
        tags,
        summary: 'Reorder features (admin)',
        body: FeatureOrder,
        response: { 200: Type.Array(Feature), ...errors },
      },
    },
    async (request) => {
      const { ids } = request.body
      if (new Set(ids).size !== ids.length)
        throw badRequest('Each feature may appear only once in the order', 'VALIDATION')
      const current = await models.features.find().sort({ sort_order: 1, _id: 1 }).select({ _id: 1 }).lean()
      const known = new Set(current.map((d) => String(d._id)))
      const unknown = ids.find((id) => !known.has(id))
      if (unknown !== undefined) throw notFound(FEATURE_NOT_FOUND)
      // Listed ids first in the given order; any not listed (added meanwhile) keep their order after them.
      const order = [...ids, ...current.map((d) => String(d._id)).filter((id) => !ids.includes(id))]
      if (order.length) {
        await models.features.bulkWrite(
          order.map((id, i) => ({
            updateOne: {
              filter: { _id: new mongoose.Types.ObjectId(id) },
              update: { $set: { sort_order: i } },
            },
          })),
        )
      }
      await app.changes.afterWrite(request, {
        kind: 'feature',
        action: 'reorder',
        fields: ['sort_order'],
        staysPublic: true,
      })
      return listFeatures(app.store)
    },
  )

  app.get(
    '/api/features/:id',
    {
      config: { capability: 'content.read', audit: false },
      schema: {
        tags,
        summary: 'A feature with its per-language state (admin, translator)',
        params: IdParams,
        response: { 200: Feature, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const doc = isObjectId(id) ? await models.features.findById(id).lean() : null
      if (!doc) throw notFound(FEATURE_NOT_FOUND)
      return sendVersioned(reply, toAdminFeatureDto(doc))
    },
  )

  app.put(
    '/api/features/:id',
    {
      config: { capability: ['content.edit', 'translate'] },
      schema: {
        tags,
        summary: 'Update a feature (admin)',
        params: IdParams,
        body: FeatureInput,
        headers: IfMatchHeaders,
        response: { 200: Feature, ...errors, ...errorResponses(412) },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      // If-Match (issue 45): refused with 412 when someone saved the feature since the editor opened it.
      const expect = request.headers['if-match']
        ? (current: FeatureDoc) => checkIfMatch(request, reply, toAdminFeatureDto(current))
        : undefined
      return sendVersioned(reply, await update(request, id, request.body, 'update', expect))
    },
  )

  historyRoutes(app, {
    kind: 'feature',
    path: '/api/features/:id',
    tags,
    document: Feature,
    notFoundMessage: FEATURE_NOT_FOUND,
    exists: async (id) => isObjectId(id) && Boolean(await models.features.exists({ _id: id })),
    // The texts and the icon; the place in the order is the list's, not the revision's.
    restore: (request, id, snapshot) =>
      update(request, id, writableFields(FeatureInput, snapshot) as FeatureInput, 'restore'),
  })

  app.delete(
    '/api/features/:id',
    {
      config: { capability: 'content.publish' },
      schema: {
        tags,
        summary: 'Delete a feature (admin)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      if (!isObjectId(id)) throw notFound(FEATURE_NOT_FOUND)
      const doc = await models.features.findByIdAndDelete(id).lean()
      if (!doc) throw notFound(FEATURE_NOT_FOUND)
      await app.changes.afterWrite(request, {
        kind: 'feature',
        action: 'delete',
        target: target(toFeatureDto(doc)),
      })
      return reply.code(204).send(null)
    },
  )
}
export default featuresAdmin
