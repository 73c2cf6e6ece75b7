// The JSON-LD of the pages' heads (schema.org: Organization, BreadcrumbList, BlogPosting) and the
// helpers the heads and the sitemaps share.
import type { PublicBlogPost, SiteContent } from '@site/contracts'
import { localePath, LANGUAGES, type Language, type Messages } from '@/i18n'
import { tagFallbackImage } from '@/lib/images'
import { truncate } from './escape'

const ALL_LANGUAGES: Language[] = LANGUAGES.map((l) => l.code)

/** An absolute URL on the site (a URL that already is absolute stays as it is). */
export const abs = (origin: string, path: string) =>
  /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`

/** The languages a record has its own text in (nl always: it is every field's fallback). */
export function languagesOf(record: Record<string, unknown>, field: string): Language[] {
  return ALL_LANGUAGES.filter(
    (l) =>
      l === 'nl' ||
      (typeof record[`${field}_${l}`] === 'string' && (record[`${field}_${l}`] as string).trim() !== ''),
  )
}

/**
 * The languages a post or a page is published in (its service's `languages`: a language taken
 * down or held for review is not one); one read from an older answer: the languages with a title.
 */
export const liveLanguagesOf = (doc: { languages?: string[] } & Record<string, unknown>): Language[] =>
  doc.languages
    ? ALL_LANGUAGES.filter((l) => l === 'nl' || doc.languages!.includes(l))
    : languagesOf(doc, 'title')

/** A post's image: its featured image, else the fallback of its tags. */
export const postImage = (post: Pick<PublicBlogPost, 'featured_image' | 'tags'>): string =>
  post.featured_image || tagFallbackImage(post.tags)

export function breadcrumbs(origin: string, language: Language, items: { name: string; path: string }[]) {
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

export function organization(origin: string, language: Language, t: Messages, c: SiteContent | null) {
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

/** A post as schema.org's BlogPosting, in the words its head shows. */
export function blogPosting(
  origin: string,
  t: Messages,
  post: PublicBlogPost,
  at: {
    language: Language
    languages: Language[]
    url: string
    title: string
    description: string
    image: string
  },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: truncate(at.title, 110),
    description: at.description,
    image: [at.image],
    datePublished: post.created_at,
    dateModified: post.updated_at || post.created_at,
    author: { '@type': 'Person', name: post.author },
    publisher: organization(origin, at.language, t, null),
    inLanguage: at.languages.includes(at.language) ? at.language : 'nl',
    mainEntityOfPage: at.url,
    keywords: (post.tags ?? []).join(', '),
  }
}
