import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import {
  ADMIN_WRITE_ERRORS,
  Type,
  adminOnly,
  conflict,
  errorResponses,
  mayWorkOnLanguage,
  reviewSet,
  sendVersioned,
  translationBoardPage,
  type TLang,
  type TranslationModel,
} from '@site/service-kit'
import {
  TranslationBoard,
  TranslationBoardQuery,
  TranslationLang,
  type TranslationBoardRow,
} from '@site/contracts'
import { shownAlways } from '../../lib/localized-translations.js'

type Doc = Record<string, unknown> & { _id: unknown }
type Params = { id?: string; lang: TLang }

/** What differs between the features and the site content (routes/translations/index.ts). */
export interface LocalizedKind {
  kind: 'feature' | 'content'
  /** In messages: "This feature has no German text yet." */
  noun: string
  /** The document's path (`/api/features/:id`, `/api/content`) and the board's. */
  path: string
  boardPath: string
  tags: string[]
  document: TSchema
  model: TranslationModel
  /** The stored document (404 when there is none). */
  load(id: string | undefined): Promise<Doc>
  /** Applies a `$set`; answers the stored document after it. */
  write(doc: Doc, set: Record<string, unknown>): Promise<Doc>
  /** The document as history and the change record keep it, and as the admin reads it. */
  dto(doc: Doc): { id: string }
  adminDto(doc: Doc): unknown
  label(doc: Doc): string
  /** Every document, in the board's order, and what its row says of it. */
  boardDocs(): Promise<Doc[]>
  row(doc: Doc): Omit<TranslationBoardRow, 'cells' | 'type'>
}

const errors = { ...ADMIN_WRITE_ERRORS, ...errorResponses(403) }

/**
 * One language of a feature or of the site content (issue 47, docs/editorial.md "Translations:
 * features and site content"): review it or confirm it is still right, and the kind's rows of the
 * translation board. Every language with text is on the site (no per-language switch): a publish
 * or unpublish call answers 409 NO_LANGUAGE_SWITCH. Each write is audited and goes through the
 * kit's after-write path.
 */
export function localizedTranslationRoutes(k: LocalizedKind): FastifyPluginAsyncTypebox {
  return async (app) => {
    adminOnly(app, { capability: 'content.edit', audit: k.kind })
    const hasId = k.path.includes(':id')
    const ParamsSchema = hasId
      ? Type.Object({ id: Type.String({ maxLength: 64 }), lang: TranslationLang })
      : Type.Object({ lang: TranslationLang })
    const key = (id: string | undefined) => `${k.kind}:${id ?? 'site'}`

    for (const how of ['review', 'dismiss'] as const)
      app.post(
        `${k.path}/translations/:lang/${how}`,
        {
          config: { capability: 'translate' },
          schema: {
            tags: k.tags,
            summary:
              how === 'review'
                ? `Review one language of the ${k.noun}: stale cleared, reviewer recorded (admin, translator)`
                : `Confirm one language of the ${k.noun} is still right after a Dutch change (admin, translator)`,
            params: ParamsSchema,
            response: { 200: k.document, ...errors },
          },
        },
        async (request, reply) => {
          const { id, lang } = request.params as Params
          const admin = await mayWorkOnLanguage(request, lang)
          const { before, after } = await app.changes.exclusive(key(id), async () => {
            const before = await k.load(id)
            const set = reviewSet(k.model, shownAlways(before), lang, admin.username, how, {
              noun: k.noun,
              marks: false,
            })
            return { before, after: await k.write(before, set) }
          })
          await done(request, before, after, how)
          return sendVersioned(reply, k.adminDto(after))
        },
      )

    for (const name of ['publish', 'unpublish'] as const)
      app.post(
        `${k.path}/translations/:lang/${name}`,
        {
          config: { capability: 'content.publish' },
          schema: {
            tags: k.tags,
            summary: `Refused: every language of the ${k.noun} with text is on the site (409 NO_LANGUAGE_SWITCH)`,
            params: ParamsSchema,
            response: { ...errors },
          },
        },
        async (request) => {
          await k.load((request.params as Params).id)
          throw conflict(
            `Every language of the ${k.noun} with text of its own is on the site, and a language without ` +
              'shows the Dutch: it cannot be published or taken down alone. Edit its text instead.',
            'NO_LANGUAGE_SWITCH',
          )
        },
      )

    app.get(
      `${k.boardPath}/translations`,
      {
        config: { capability: 'content.read', audit: false },
        schema: {
          tags: ['translations'],
          summary: `Every ${k.noun} × nl/en/de with its translation state and the counts per language (admin, paged; GET /api/translations?type=${k.kind} leads here)`,
          querystring: TranslationBoardQuery,
          response: { 200: TranslationBoard, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const items = (await k.boardDocs()).map((doc) => ({
          ...k.row(doc),
          type: k.kind,
          cells: k.model.translationsView(shownAlways(doc)),
        }))
        return translationBoardPage(items, request.query)
      },
    )

    async function done(request: FastifyRequest, before: Doc, after: Doc, action: 'review' | 'dismiss') {
      const snapshot = k.dto(after)
      await app.changes.afterWrite(request, {
        kind: k.kind,
        action,
        target: { id: snapshot.id, label: k.label(after) },
        before: k.dto(before),
        snapshot,
        staysPublic: true,
      })
    }
  }
}
