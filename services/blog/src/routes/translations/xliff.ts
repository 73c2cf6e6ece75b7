import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import multipart from '@fastify/multipart'
import { Type, adminCan, badRequest, errorResponses, adminOnly, forbidden, notFound } from '@site/service-kit'
import { ROLE_MESSAGES, SiteLang, XliffImportResult } from '@site/contracts'
import type { PostDoc } from '../../models/post.js'
import { MAX_UPLOAD_BYTES } from '../../lib/filecheck.js'
import { exportXliff, sourceLangOf } from '../../translations/xliff-export.js'
import { importXliff } from '../../translations/xliff-import.js'
import { receive } from '../upload/input.js'

const tags = ['translations']
const ExportQuery = Type.Object({
  target: SiteLang,
  ids: Type.String({
    pattern: '^[0-9a-f]{24}(,[0-9a-f]{24}){0,49}$',
    description: 'comma-separated post ids, at most 50',
  }),
})

/**
 * XLIFF 2.0 for translation agencies (docs/editorial.md, "Translation agencies (XLIFF)"):
 * GET exports the chosen posts' source and current target, POST imports a translated file back
 * as a person's edit, unit by unit.
 */
const xliffAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: ['content.edit', 'translate'], audit: 'post' })
  const ctx = app.blog
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } })

  app.get(
    '/api/translations/xliff',
    {
      config: { capability: ['content.read', 'translate'] },
      schema: {
        tags,
        summary: 'Export posts as XLIFF 2.0 for translation into `target` (admin)',
        querystring: ExportQuery,
        produces: ['application/xliff+xml'],
        response: { 200: Type.String(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { target } = request.query
      const ids = [...new Set(request.query.ids.split(','))]
      const docs = await Promise.all(ids.map((id) => ctx.posts.findById(id).lean<PostDoc>()))
      const missing = ids.filter((_, i) => !docs[i])
      if (missing.length) throw notFound(`No post with the id ${missing.join(', ')}.`, 'POST_NOT_FOUND')
      const posts = docs as PostDoc[]
      const sources = new Set(posts.map(sourceLangOf))
      if (sources.size > 1)
        throw badRequest(
          'The chosen posts are written in different languages: export the Dutch and the English ones separately.',
          'MIXED_SOURCE_LANGUAGES',
        )
      const [source] = [...sources] as [SiteLang]
      if (source === target)
        throw badRequest(
          `These posts are written in ${target}: choose another target language.`,
          'SAME_LANGUAGE',
        )
      const name = posts.length === 1 ? posts[0]!.slug : `posts-${posts.length}`
      return reply
        .header('content-type', 'application/xliff+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.${source}-${target}.xlf"`)
        .send(exportXliff(posts, source, target))
    },
  )

  app.post(
    '/api/translations/xliff',
    {
      schema: {
        tags,
        summary: 'Import a translated XLIFF file (multipart `file`) as a person’s edit (admin)',
        consumes: ['multipart/form-data'],
        response: { 200: XliffImportResult, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const admin = (await request.getAdmin())!
      const { bytes } = await receive(request)
      const text = bytes.toString('utf8')
      const result = await importXliff(app, request, text, (target) => {
        // A translator imports only into their languages (the editor's rule for their fields).
        const langs = admin.languages ?? []
        if (!adminCan(admin, 'content.edit') && !langs.includes(target))
          throw forbidden(ROLE_MESSAGES.languagesOnly(langs), 'FORBIDDEN_FIELDS')
      })
      return result
    },
  )
}
export default xliffAdmin
