import { Feature } from '@site/contracts'
import { isObjectId, notFound } from '@site/service-kit'
import { toAdminFeatureDto, toFeatureDto } from '../../lib/dto.js'
import { featureTranslations } from '../../lib/localized-translations.js'
import type { Store } from '../../plugins/store.js'
import { localizedTranslationRoutes } from '../translations/localized.js'

export const FEATURE_NOT_FOUND = 'Feature not found'
const WITHOUT_DESCRIPTIONS = { description_nl: 0, description_en: 0, description_de: 0 } as const

/** A feature's languages: review, "still right", the features' board (routes/translations/localized.ts). */
export const featureTranslationsAdmin = (store: Store) =>
  localizedTranslationRoutes({
    kind: 'feature',
    noun: 'feature',
    path: '/api/features/:id',
    boardPath: '/api/features',
    tags: ['features'],
    document: Feature,
    model: featureTranslations,
    async load(id) {
      const doc = id && isObjectId(id) ? await store.models.features.findById(id).lean() : null
      if (!doc) throw notFound(FEATURE_NOT_FOUND)
      return doc
    },
    async write(doc, set) {
      const after = await store.models.features
        .findByIdAndUpdate(doc._id, { $set: set }, { returnDocument: 'after' })
        .lean()
      if (!after) throw notFound(FEATURE_NOT_FOUND)
      return after
    },
    dto: toFeatureDto,
    adminDto: toAdminFeatureDto,
    label: (doc) => String(doc.title_en || doc.title_nl),
    // In display order; the board's hashes are kept on each feature (the descriptions are not read).
    async boardDocs() {
      await store.seeded()
      return store.models.features.find({}, WITHOUT_DESCRIPTIONS).sort({ sort_order: 1, _id: 1 }).lean()
    },
    row: (doc) => ({
      id: String(doc._id),
      title: String(doc.title_nl || doc.title_en),
      slug: '',
      published: true,
      source_lang: 'nl',
      updated_at: new Date((doc.updated_at ?? doc.created_at) as Date).toISOString(),
    }),
  })
