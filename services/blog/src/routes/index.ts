import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Config } from '../config.js'
import blog from '../plugins/blog.js'
import postsPublic from './posts/public.js'
import postsChanges from './posts/changes.js'
import postsAdmin from './posts/admin.js'
import { previewAdmin, previewPublic } from './posts/preview.js'
import imagesPublic from './images/public.js'
import imagesInfo from './images/info.js'
import translateAdmin from './translate/admin.js'
import translationsAdmin from './translations/admin.js'
import translationsBoard from './translations/board.js'
import sourceChangesAdmin from './translations/source-changes.js'
import glossaryAdmin from './glossary/admin.js'
import xliffAdmin from './translations/xliff.js'
import uploadAdmin from './upload/admin.js'
import jobsAdmin from './jobs/admin.js'
import importsAdmin from './imports/admin.js'
import queueBoardAdmin from './queue-board/admin.js'
import usageAdmin from './usage/admin.js'

/** The blog's routes: public reads, the admin's posts, uploads, imports and title translation, and the queue board. */
const routes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(blog, { config })
  for (const resource of [
    postsPublic,
    postsChanges,
    imagesPublic,
    imagesInfo,
    postsAdmin,
    previewPublic,
    previewAdmin,
    translateAdmin,
    translationsAdmin,
    translationsBoard,
    sourceChangesAdmin,
    glossaryAdmin,
    xliffAdmin,
    uploadAdmin,
    jobsAdmin,
    importsAdmin,
    usageAdmin,
  ])
    await app.register(resource)
  // The operators' queue dashboard; its page redirects a signed-out browser to the sign-in.
  await app.register(queueBoardAdmin, { config })
}
export default routes
