import type { PageModel } from '../models/page.js'
import type { PageRedirectModel } from '../models/page-redirect.js'

type Slugged = { _id: unknown; slug: string; published?: boolean }

/**
 * After a save: a published page that left a slug keeps it as a redirect to itself; the slug the
 * page holds now is nobody's redirect any more; a deleted page's redirects go.
 */
export async function followPageSlug(
  redirects: PageRedirectModel,
  before: Slugged | null,
  after: Slugged | null,
) {
  if (after) await redirects.deleteMany({ slug: after.slug })
  if (before && after && before.slug !== after.slug && before.published)
    await redirects.updateOne(
      { slug: before.slug },
      { $set: { page_id: String(after._id), created_at: new Date() } },
      { upsert: true },
    )
  if (before && !after) await redirects.deleteMany({ page_id: String(before._id) })
}

/** Where an old slug leads now (a published page's current slug), or null; a held slug yields. */
export async function resolvePageRedirect(
  redirects: PageRedirectModel,
  pages: PageModel,
  slug: string,
): Promise<{ id: string; slug: string } | null> {
  const redirect = await redirects.findOne({ slug }).lean()
  if (!redirect || (await pages.exists({ slug }))) return null
  const page = await pages.findOne({ _id: redirect.page_id, published: true }).lean()
  return page ? { id: String(page._id), slug: page.slug } : null
}
