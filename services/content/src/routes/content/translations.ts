import { SiteContent } from '@site/contracts'
import { notFound } from '@site/service-kit'
import { toAdminContentDto, toContentDto } from '../../lib/dto.js'
import { contentTranslations } from '../../lib/localized-translations.js'
import { SITE_CONTENT_ID } from '../../models/content.js'
import type { Store } from '../../plugins/store.js'
import { localizedTranslationRoutes } from '../translations/localized.js'

const CONTENT_NOT_FOUND = 'Site content not found'

/** The site content's languages: review, "still right", its board row (routes/translations/localized.ts). */
export const contentTranslationsAdmin = (store: Store) =>
  localizedTranslationRoutes({
    kind: 'content',
    noun: 'site content',
    path: '/api/content',
    boardPath: '/api/content',
    tags: ['content'],
    document: SiteContent,
    model: contentTranslations,
    async load() {
      await store.seeded()
      const doc = await store.models.content.findById(SITE_CONTENT_ID).lean()
      if (!doc) throw notFound(CONTENT_NOT_FOUND)
      return doc
    },
    async write(_doc, set) {
      const after = await store.models.content
        .findByIdAndUpdate(SITE_CONTENT_ID, { $set: set }, { returnDocument: 'after' })
        .lean()
      if (!after) throw notFound(CONTENT_NOT_FOUND)
      return after
    },
    dto: toContentDto,
    adminDto: toAdminContentDto,
    label: () => 'site content',
    async boardDocs() {
      await store.seeded()
      return store.models.content.find({ _id: SITE_CONTENT_ID }).lean()
    },
    row: (doc) => ({
      id: String(doc._id),
      title: String(doc.title_nl || doc.title_en),
      slug: '',
      published: true,
      source_lang: 'nl',
      updated_at: new Date(doc.updated_at as Date).toISOString(),
    }),
  })
