import { Type, type Static } from 'typebox'

/**
 * POST /api/blog/{id}/preview (and /api/pages/{id}/preview): a signed link that shows the document
 * as it is saved now, to anyone holding it, until `expires_at` or until the admin revokes the
 * document's links (DELETE …/preview). docs/editorial.md, "Preview links".
 */
export const PreviewLink = Type.Object({
  url: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
})
export type PreviewLink = Static<typeof PreviewLink>

/** The token in a preview URL (`/preview/blog/<token>`): 48 base64url characters (the kit's preview.ts). */
export const PreviewTokenParams = Type.Object({
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{48}$' }),
})
