import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { adminOnly, errorResponses } from '@site/service-kit'
import { Glossary, GlossaryInput } from '@site/contracts'
import { readGlossary, saveGlossary } from '../../glossary/repo.js'
import { GLOSSARY_ID } from '../../glossary/model.js'

const tags = ['blog']

/**
 * GET/PUT /api/blog/glossary: the terms machine translation never translates, the fixed
 * translations per language pair and the formality per language (docs/editorial.md, "Glossary
 * and formality"). The blog owns it because the blog translates; every save is in the audit trail
 * with the glossary as it was and is (kind `glossary`).
 */
const glossaryAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'content.edit', audit: 'glossary' })
  const ctx = app.blog
  app.get(
    '/api/blog/glossary',
    {
      config: { capability: ['content.read', 'translate'] },
      schema: {
        tags,
        summary: 'The translation glossary (admin)',
        response: { 200: Glossary, ...errorResponses(401, 403) },
      },
    },
    async () => readGlossary(ctx.glossary),
  )
  app.put(
    '/api/blog/glossary',
    {
      schema: {
        tags,
        summary: 'Replace the translation glossary (admin)',
        body: GlossaryInput,
        response: { 200: Glossary, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { before, after } = await saveGlossary(ctx.glossary, request.body)
      await app.changes.afterWrite(request, {
        kind: 'glossary',
        action: before ? 'update' : 'create',
        target: { id: GLOSSARY_ID, label: 'translation glossary' },
        before,
        snapshot: after,
        keys: [],
      })
      return after
    },
  )
}
export default glossaryAdmin
