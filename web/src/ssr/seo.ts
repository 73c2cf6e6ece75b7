// /sitemap.xml, /robots.txt and the RSS 2.0 feed per language.
import { catalogs, localePath, localized, LANGUAGES, type Language } from '@/i18n'
import { reads } from '@/lib/publicReads'
import type { PublicBlogPostSummary } from '@site/contracts'
import { SITE_NAME } from '@/lib/useDocumentMeta'
import { plainText } from '@site/contracts/text'
import { escapeXml } from './escape'
import { liveLanguagesOf } from './jsonLd'
import { fetchRead, type Upstreams } from './reads'

const ALL: Language[] = LANGUAGES.map((l) => l.code)
/**
 * Posts in one sitemap file, at most the paging contract's largest page: each file is one read of
 * the blog service, whatever the number of posts (the sitemap index grows by a line per file).
 */
export const SITEMAP_POSTS_PER_FILE = 50
/** Posts in a feed. */
export const FEED_SIZE = 20

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...['', '/en', '/de'].map((p) => `Disallow: ${p}/admin`),
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}

interface SitemapEntry {
  path: string
  languages: Language[]
  lastmod?: string
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'

/** Page N of the posts sitemap: /sitemap-posts-N.xml. */
const postsSitemapPath = (page: number) => `/sitemap-posts-${page}.xml`

/**
 * /sitemap.xml: the sitemap index. It names the sitemap of the site's own pages and one posts
 * sitemap per SITEMAP_POSTS_PER_FILE published posts, newest first (a new post moves the others
 * down a place, as on /blog). Costs one count, not a walk over every post.
 */
export async function sitemapIndexXml(up: Upstreams, origin: string, perFile: number): Promise<string> {
  const { total } = await fetchRead(up, reads.publishedPosts(1, 1))
  const files = ['/sitemap-pages.xml']
  for (let page = 1; page <= Math.ceil(total / perFile); page++) files.push(postsSitemapPath(page))
  return [
    XML_DECLARATION,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((f) => `  <sitemap><loc>${escapeXml(`${origin}${f}`)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n')
}

/** /sitemap-pages.xml: home, projects, blog and every published CMS page. */
export async function pagesSitemapXml(up: Upstreams, origin: string): Promise<string> {
  const [latest, pages] = await Promise.all([
    fetchRead(up, reads.publishedPosts(1, 1)),
    fetchRead(up, reads.pages()),
  ])
  const newest = latest.items[0]
  return urlset(origin, [
    { path: '/', languages: ALL },
    { path: '/projects', languages: ALL },
    { path: '/blog', languages: ALL, lastmod: newest?.updated_at || newest?.created_at },
    ...pages
      .filter((p) => p.published)
      .map((p) => ({
        path: `/pages/${encodeURIComponent(p.slug)}`,
        languages: liveLanguagesOf(p),
        lastmod: p.updated_at,
      })),
  ])
}

/** /sitemap-posts-N.xml: the Nth `perFile` published posts, newest first; null past the last. */
export async function postsSitemapXml(
  up: Upstreams,
  origin: string,
  page: number,
  perFile: number,
): Promise<string | null> {
  const { items } = await fetchRead(up, reads.publishedPosts(page, perFile))
  if (items.length === 0) return null
  return urlset(
    origin,
    items.map((p: PublicBlogPostSummary) => ({
      path: `/blog/${encodeURIComponent(p.slug)}`,
      languages: liveLanguagesOf(p),
      lastmod: p.updated_at || p.created_at,
    })),
  )
}

/** Every URL of `entries` in every language it exists in, each with its alternates and last change. */
function urlset(origin: string, entries: SitemapEntry[]): string {
  const loc = (path: string, l: Language) => escapeXml(`${origin}${localePath(l, path)}`)
  const urls = entries.flatMap((e) =>
    e.languages.map((l) =>
      [
        '  <url>',
        `    <loc>${loc(e.path, l)}</loc>`,
        ...(e.lastmod ? [`    <lastmod>${escapeXml(new Date(e.lastmod).toISOString())}</lastmod>`] : []),
        ...e.languages.map(
          (a) => `    <xhtml:link rel="alternate" hreflang="${a}" href="${loc(e.path, a)}"/>`,
        ),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${loc(e.path, 'nl')}"/>`,
        '  </url>',
      ].join('\n'),
    ),
  )
  return [
    XML_DECLARATION,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/**
 * RSS 2.0 of the latest published posts in `language` (titles and excerpts with nl fallback); a
 * post not published in `language` (taken down, held for review) is no item of that feed.
 */
export async function feedXml(up: Upstreams, origin: string, language: Language): Promise<string> {
  const t = catalogs[language]
  const latest = (await fetchRead(up, reads.publishedPosts(1, FEED_SIZE))).items
  const items = latest.filter((p) => liveLanguagesOf(p).includes(language))
  const url = (p: string) => escapeXml(`${origin}${localePath(language, p)}`)
  const self = url('/feed.xml')
  const item = (p: PublicBlogPostSummary) => {
    const link = url(`/blog/${encodeURIComponent(p.slug)}`)
    return [
      '    <item>',
      `      <title>${escapeXml(plainText(localized(p, 'title', language)))}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${new Date(p.created_at).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(plainText(localized(p, 'excerpt', language)))}</description>`,
      ...(p.author ? [`      <dc:creator>${escapeXml(p.author)}</dc:creator>`] : []),
      ...(p.tags ?? []).map((tag) => `      <category>${escapeXml(tag)}</category>`),
      '    </item>',
    ].join('\n')
  }
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(`${t.blog.title} | ${SITE_NAME}`)}</title>`,
    `    <link>${url('/blog')}</link>`,
    `    <description>${escapeXml(t.blog.metaDescription)}</description>`,
    `    <language>${language}</language>`,
    `    <atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
    ...(items[0]
      ? [`    <lastBuildDate>${new Date(items[0].created_at).toUTCString()}</lastBuildDate>`]
      : []),
    ...items.map(item),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
