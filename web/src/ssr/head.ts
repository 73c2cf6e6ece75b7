// The <head> of a server-rendered page: title, description, canonical, hreflang alternates +
// x-default, Open Graph and Twitter card with absolute URLs, JSON-LD. Each page of the route table
// says which head it has (app/routes.tsx, through `Heads`); this file builds them. Every value a
// user typed is escaped here (attributes, text) or JSON-escaped for the <script> elements.
import { plainText } from '@site/contracts/text'
import type { PublicBlogPost, Page, SiteContent } from '@site/contracts'
import { catalogs, localePath, localized, LANGUAGES, type Language, type Messages } from '@/i18n'
import { DEFAULT_IMAGES } from '@/lib/images'
import { SITE_NAME } from '@/lib/useDocumentMeta'
import { escapeHtml, jsonForScript, truncate } from './escape'
import { abs, blogPosting, breadcrumbs, liveLanguagesOf, organization, postImage } from './jsonLd'

export interface Head {
  title: string
  description: string
  /** Absolute canonical URL (none for error pages). */
  canonical: string | null
  alternates: { hreflang: string; href: string }[]
  image: string
  type: 'website' | 'article'
  jsonLd: unknown[]
  /** Error pages and the admin are not indexed. */
  noindex: boolean
  feed: string
}

const ALL_LANGUAGES: Language[] = LANGUAGES.map((l) => l.code)
export const OG_LOCALES: Record<Language, string> = { nl: 'nl_NL', en: 'en_US', de: 'de_DE' }

/** The heads of one page's language and path, as the route table's pages ask for them. */
export type Heads = ReturnType<typeof heads>

export function heads(origin: string, language: Language) {
  const t: Messages = catalogs[language]
  const url = (p: string, l: Language = language) => abs(origin, localePath(l, p))
  const home = { name: t.common.companyName, path: '/' }
  const crumbs = (...items: { name: string; path: string }[]) =>
    breadcrumbs(origin, language, [home, ...items])
  const base: Head = {
    title: SITE_NAME,
    description: t.home.metaDescription,
    canonical: null,
    alternates: [],
    image: abs(origin, DEFAULT_IMAGES.hero),
    type: 'website',
    jsonLd: [],
    noindex: true,
    feed: url('/feed.xml'),
  }
  /** An indexed page at `p`, in every language it has (x-default: the Dutch one). */
  const page = (p: Partial<Head> & { path: string; languages?: Language[] }): Head => {
    const { path: at, languages = ALL_LANGUAGES, ...rest } = p
    return {
      ...base,
      noindex: false,
      canonical: url(at),
      alternates: [
        ...languages.map((l) => ({ hreflang: l, href: url(at, l) })),
        { hreflang: 'x-default', href: url(at, 'nl') },
      ],
      ...rest,
    }
  }
  const titled = (title: string) => `${title} | ${SITE_NAME}`

  return {
    t,
    notFound: (title = t.common.notFoundTitle, description = t.common.notFoundText): Head => ({
      ...base,
      title: titled(title),
      description,
    }),
    unavailable: (): Head => ({
      ...base,
      title: titled(t.common.unavailableTitle),
      description: t.common.unavailableText,
    }),
    admin: (): Head => ({ ...base, title: 'Admin' }),
    home: (content: SiteContent): Head =>
      page({
        path: '/',
        title: titled(t.home.metaTitle),
        description: t.home.metaDescription,
        jsonLd: [organization(origin, language, t, content)],
      }),
    projects: (): Head =>
      page({
        path: '/projects',
        title: titled(t.projects.title),
        description: t.projects.metaDescription,
        jsonLd: [crumbs({ name: t.projects.title, path: '/projects' })],
      }),
    blog: (n: number): Head =>
      page({
        path: n > 1 ? `/blog?page=${n}` : '/blog',
        title: titled(n > 1 ? `${t.blog.title} (${t.blog.pageOf(n)})` : t.blog.title),
        description: t.blog.metaDescription,
        jsonLd: [crumbs({ name: t.blog.title, path: '/blog' })],
      }),
    post: (post: PublicBlogPost): Head => {
      const p = `/blog/${encodeURIComponent(post.slug)}`
      const title = plainText(localized(post, 'title', language))
      const description = truncate(
        plainText(localized(post, 'meta_description', language) || localized(post, 'excerpt', language)) ||
          t.blog.metaDescription,
        300,
      )
      const image = abs(origin, postImage(post))
      const languages = liveLanguagesOf(post)
      const at = { language, languages, url: url(p), title, description, image }
      return page({
        path: p,
        // A language the post is not published in shows the Dutch text, marked as such
        // (BlogPostPage): its canonical is the Dutch page, and it is no alternate (docs/web.md).
        ...(languages.includes(language) ? {} : { canonical: url(p, 'nl') }),
        title: titled(title),
        description,
        image,
        type: 'article',
        languages,
        jsonLd: [
          blogPosting(origin, t, post, at),
          crumbs({ name: t.blog.title, path: '/blog' }, { name: title, path: p }),
        ],
      })
    },
    cms: (cms: Page): Head => {
      const p = `/pages/${encodeURIComponent(cms.slug)}`
      const title = plainText(localized(cms, 'title', language))
      const description = truncate(
        plainText(localized(cms, 'meta_description', language) || localized(cms, 'content', language)) ||
          t.home.metaDescription,
        300,
      )
      const languages = liveLanguagesOf(cms)
      return page({
        path: p,
        // As a post's: a language the page is not on the site in shows the Dutch text, marked as
        // such (CmsPage); its canonical is the Dutch page, and it is no alternate (docs/web.md).
        ...(languages.includes(language) ? {} : { canonical: url(p, 'nl') }),
        title: titled(title),
        description,
        languages,
        jsonLd: [crumbs({ name: title, path: p })],
      })
    },
  }
}

/** The head as HTML (inserted into the built index.html's <head>). */
export function renderHead(head: Head, language: Language): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`
  const t = catalogs[language]
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    ...head.alternates.map(
      (a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}" />`,
    ),
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(`${t.blog.title} | ${SITE_NAME}`)}" href="${escapeHtml(head.feed)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    meta('property', 'og:image', head.image),
    meta('property', 'og:locale', OG_LOCALES[language]),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    ...head.jsonLd.map((j) => `<script type="application/ld+json">${jsonForScript(j)}</script>`),
  ]
  return lines.filter(Boolean).join('\n    ')
}
