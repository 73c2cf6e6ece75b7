import type { FastifyRequest } from 'fastify'
import { escapeRegex, unavailable } from '@site/service-kit'
import type { MediaUse, MediaUsage } from '@site/contracts'
import type { Models } from '../plugins/store.js'

const BLOG_UNREACHABLE = 'Cannot tell whether a post uses this file right now; try again shortly.'

/** This service's own documents that show `url`: a project's image, a page's body. */
async function localUses(models: Models, url: string): Promise<MediaUse[]> {
  const inBody = models.pages.base.trusted({ $regex: escapeRegex(url) })
  const [projects, pages] = await Promise.all([
    models.projects.find({ image_url: url }, { title: 1 }).limit(50).lean(),
    models.pages
      .find(
        { $or: ['content_nl', 'content_en', 'content_de'].map((f) => ({ [f]: inBody })) },
        { title_nl: 1 },
      )
      .limit(50)
      .lean(),
  ])
  return [
    ...projects.map((p) => ({ kind: 'project' as const, id: String(p._id), title: p.title })),
    ...pages.map((p) => ({ kind: 'page' as const, id: String(p._id), title: String(p.title_nl) })),
  ]
}

/**
 * The posts that show `url`, asked of the blog service (it owns them) with the admin's own session
 * cookie: the answer is current at the moment of the delete, with no copy to keep in step. While the
 * blog cannot answer, a 503: a delete is refused rather than risked (docs/content.md, "Media library").
 */
async function blogUses(blogUrl: string, request: FastifyRequest, url: string): Promise<MediaUse[]> {
  let res: Response
  try {
    res = await fetch(`${blogUrl}/api/blog/usage?url=${encodeURIComponent(url)}`, {
      headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    })
  } catch (err) {
    request.log.warn({ err }, 'blog usage read failed')
    throw unavailable(BLOG_UNREACHABLE)
  }
  if (!res.ok) {
    request.log.warn({ status: res.status }, 'blog usage read refused')
    throw unavailable(BLOG_UNREACHABLE)
  }
  return ((await res.json()) as MediaUsage).items
}

/** Everything that shows the file at `url`: projects and pages here, posts in the blog service. */
export async function usesOf(
  models: Models,
  blogUrl: string,
  request: FastifyRequest,
  url: string,
): Promise<MediaUse[]> {
  const [local, posts] = await Promise.all([localUses(models, url), blogUses(blogUrl, request, url)])
  return [...posts, ...local]
}
