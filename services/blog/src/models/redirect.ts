import type { Connection } from 'mongoose'
import { slugRedirectModel } from '@site/service-kit/editorial'

/** Old slugs of published posts (the kit's slug redirects, docs/editorial.md "Old URLs"). */
export const redirectModel = (db: Connection) =>
  slugRedirectModel(db, { model: 'BlogRedirect', collection: 'blog_slug_redirects', idField: 'post_id' })
export type RedirectModel = ReturnType<typeof redirectModel>
