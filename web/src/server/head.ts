// The <head> of a server-rendered page: title, description, canonical, hreflang
// alternates + x-default, Open Graph and Twitter card with absolute URLs, JSON-LD. Every value a
// user typed is escaped here (attributes, text) or JSON-escaped for the <script> elements.
import { catalogs, localePath, localized, LANGUAGES, type Language } from '@/i18n'
import { DEFAULT_IMAGES, tagFallbackImage } from '@/lib/images'
import type { BlogPost, Page } from '@site/contracts'
import { SITE_NAME } from '@/lib/useDocumentMeta'
import { plainText } from '@site/contracts/text'
import { escapeHtml, jsonForScript, truncate } from './escape'
import type { PageData } from './load'
import type { Resolved } from './routes'

const ALL_LANGUAGES: Language[] = LANGUAGES.map((l) => l.code)

/** The languages a record has its own text in (nl always: it is every field's fallback). */
export function languagesOf(record: Record<string, unknown>, field: string): Language[] {
  return ALL_LANGUAGES.filter(
    (l) =>
      l === 'nl' ||
      (typeof record[`${field}_${l}`] === 'string' && (record[`${field}_${l}`] as string).trim() !== ''),
  )
}

export const OG_LOCALES: Record<Language, string> = { nl: 'nl_NL', en: 'en_US', de: 'de_DE' }

export interface HeadInput {
  origin: string
  resolved: Resolved
  data: PageData | null
  /** 503: the page could not be loaded. */
  status: number
}

export interface Head {
  title: string
  description: string
  /** Absolute canonical URL (none for error pages). */
  canonical: string | null
  alternates: { hreflang: string; href: string }[]
  image: string
  type: 'website' | 'article'
  jsonLd: unknown[]
  /** 404/503 pages are not indexed. */
  noindex: boolean
  feed: string
}

const abs = (origin: string, path: string) =>
  /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`

export const postImage = (post: Pick<BlogPost, 'featured_image' | 'tags'>): string =>
  post.featured_image || tagFallbackImage(post.tags)

function breadcrumbs(origin: string, language: Language, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: abs(origin, localePath(language, item.path)),
    })),
  }
}

function organization(origin: string, language: Language, data: PageData | null) {
  const t = catalogs[language]
  const c = data?.content
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: t.common.companyName,
    url: abs(origin, localePath(language, '/')),
    logo: abs(origin, '/favicon.svg'),
    ...(c?.email ? { email: c.email } : {}),
    ...(c?.phone ? { telephone: c.phone } : {}),
    ...(c?.address ? { address: c.address } : {}),
  }
}

export function buildHead({ origin, resolved, data, status }: HeadInput): Head {
  const { language, path, route } = resolved
  const t = catalogs[language]
  const url = (p: string, l: Language = language) => abs(origin, localePath(l, p))
  const home = { name: t.common.companyName, path: '/' }
  const every = (p: string, languages: Language[] = ALL_LANGUAGES) => [
    ...languages.map((l) => ({ hreflang: l, href: url(p, l) })),
    { hreflang: 'x-default', href: url(p, 'nl') },
  ]
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
  if (status === 503)
    return {
      ...base,
      title: `${t.common.unavailableTitle} | ${SITE_NAME}`,
      description: t.common.unavailableText,
    }
  const notFound = {
    ...base,
    title: `${t.common.notFoundTitle} | ${SITE_NAME}`,
    description: t.common.notFoundText,
  }
  if (!data || data.status === 404) {
    if (route.kind === 'post')
      return { ...notFound, title: `${t.blog.notFound} | ${SITE_NAME}`, description: t.blog.notFoundText }
    if (route.kind === 'cms')
      return { ...notFound, title: `${t.pages.notFound} | ${SITE_NAME}`, description: t.pages.notFoundText }
    return notFound
  }
  const page = (p: Partial<Head> & { path: string }): Head => ({
    ...base,
    noindex: false,
    canonical: url(p.path),
    alternates: every(p.path),
    ...p,
  })
  switch (route.kind) {
    case 'home':
      return page({
        path,
        title: `${t.home.metaTitle} | ${SITE_NAME}`,
        description: t.home.metaDescription,
        jsonLd: [organization(origin, language, data)],
      })
    case 'projects':
      return page({
        path: '/projects',
        title: `${t.projects.title} | ${SITE_NAME}`,
        description: t.projects.metaDescription,
        jsonLd: [breadcrumbs(origin, language, [home, { name: t.projects.title, path: '/projects' }])],
      })
    case 'blog': {
      const p = route.page > 1 ? `/blog?page=${route.page}` : '/blog'
      return page({
        path: p,
        title: `${route.page > 1 ? `${t.blog.title} (${t.blog.pageOf(route.page)})` : t.blog.title} | ${SITE_NAME}`,
        description: t.blog.metaDescription,
        jsonLd: [breadcrumbs(origin, language, [home, { name: t.blog.title, path: '/blog' }])],
      })
    }
    case 'post': {
      const post = data.post!
      const p = `/blog/${encodeURIComponent(post.slug)}`
      const title = plainText(localized(post, 'title', language))
      const description = truncate(
        plainText(localized(post, 'meta_description', language) || localized(post, 'excerpt', language)) ||
          t.blog.metaDescription,
        300,
      )
      const image = abs(origin, postImage(post))
      const languages = languagesOf(post, 'title')
      return page({
        path: p,
        title: `${title} | ${SITE_NAME}`,
        description,
        image,
        type: 'article',
        alternates: every(p, languages),
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'BlogPosting',
            headline: truncate(title, 110),
            description,
            image: [image],
            datePublished: post.created_at,
            dateModified: post.updated_at || post.created_at,
            author: { '@type': 'Person', name: post.author },
            publisher: organization(origin, language, null),
            inLanguage: languages.includes(language) ? language : 'nl',
            mainEntityOfPage: url(p),
            keywords: (post.tags ?? []).join(', '),
          },
          breadcrumbs(origin, language, [
            home,
            { name: t.blog.title, path: '/blog' },
            { name: title, path: p },
          ]),
        ],
      })
    }
    case 'cms': {
      const cms = data.page as Page
      const p = `/pages/${encodeURIComponent(cms.slug)}`
      const title = plainText(localized(cms, 'title', language))
      const description = truncate(
        plainText(localized(cms, 'meta_description', language) || localized(cms, 'content', language)) ||
          t.home.metaDescription,
        300,
      )
      return page({
        path: p,
        title: `${title} | ${SITE_NAME}`,
        description,
        alternates: every(p, languagesOf(cms, 'title')),
        jsonLd: [breadcrumbs(origin, language, [home, { name: title, path: p }])],
      })
    }
    default:
      return notFound
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
