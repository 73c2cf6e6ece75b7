import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Config } from '../config.js'
import store from '../plugins/store.js'
import contentPublic from './content/public.js'
import contentAdmin from './content/admin.js'
import featuresPublic from './features/public.js'
import featuresAdmin from './features/admin.js'
import { featureTranslationsAdmin } from './features/translations.js'
import { contentTranslationsAdmin } from './content/translations.js'
import pagesPublic from './pages/public.js'
import pagesAdmin from './pages/admin.js'
import pageTranslationsAdmin from './pages/translations.js'
import { pagePreviewAdmin, pagePreviewPublic } from './pages/preview.js'
import projectsPublic from './projects/public.js'
import projectsAdmin from './projects/admin.js'
import objectsPublic from './objects/public.js'
import mediaAdmin from './media/admin.js'
import imagesPublic from './media/public.js'

/** The content service's routes: site content, features, pages, projects and their images. */
const routes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(store, { config })
  for (const resource of [
    contentPublic,
    contentAdmin,
    featuresPublic,
    featuresAdmin,
    pagesPublic,
    pagesAdmin,
    pageTranslationsAdmin,
    projectsPublic,
    objectsPublic,
    imagesPublic,
  ]) {
    await app.register(resource)
  }
  await app.register(featureTranslationsAdmin(app.store))
  await app.register(contentTranslationsAdmin(app.store))
  await app.register(pagePreviewPublic, { config })
  await app.register(pagePreviewAdmin, { config })
  await app.register(projectsAdmin, { config })
  await app.register(mediaAdmin, { config })
}
export default routes
