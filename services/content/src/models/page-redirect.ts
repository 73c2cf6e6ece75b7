import type { Connection } from 'mongoose'
import { slugRedirectModel } from '@site/service-kit/editorial'

/** Old slugs of published pages (the kit's slug redirects, as the blog's posts: docs/editorial.md "Old URLs"). */
export const pageRedirectModel = (db: Connection) =>
  slugRedirectModel(db, { model: 'PageRedirect', collection: 'page_slug_redirects', idField: 'page_id' })
export type PageRedirectModel = ReturnType<typeof pageRedirectModel>
