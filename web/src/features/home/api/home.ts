// The public reads the home page needs (docs/api.md). Keys from the shared queryKeys, so an admin
// write elsewhere refreshes them.
import { getJson } from '@/lib/api'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { BlogPostSummary, Feature, PageSummary, Paged, Project, SiteContent } from '@/lib/types'

export const useSiteContent = () =>
  useQuery(queryKeys.content, (signal) => getJson<SiteContent>('/api/content', { signal }))
export const useFeatures = () =>
  useQuery(queryKeys.features, (signal) => getJson<Feature[]>('/api/features', { signal }))
/** The lists answer pages: the home asks only for what it shows. */
const HOME_PROJECTS = 6
const HOME_POSTS = 1
/** The footer links every published page; more than the maximum page (50) is not a footer. */
const FOOTER_PAGES = 50

const items = async <T>(page: Promise<Paged<T>>) => (await page).items

export const useProjects = () =>
  useQuery(queryKeys.projectsPage(1, HOME_PROJECTS), (signal) =>
    items(getJson<Paged<Project>>('/api/projects', { signal, params: { pageSize: HOME_PROJECTS } })),
  )
export const usePublishedPosts = () =>
  useQuery(queryKeys.blog.page('published', 1, HOME_POSTS), (signal) =>
    items(getJson<Paged<BlogPostSummary>>('/api/blog', { signal, params: { published: 'true', pageSize: HOME_POSTS } })),
  )

/** Published CMS pages for the footer (admins get drafts too from GET /api/pages: filter them). */
export const usePublishedPages = () =>
  useQuery(queryKeys.pagesPage(1, FOOTER_PAGES), (signal) =>
    items(getJson<Paged<PageSummary>>('/api/pages', { signal, params: { pageSize: FOOTER_PAGES } })),
  )
