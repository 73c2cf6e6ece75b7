// The public reads the home page needs (docs/api.md). Keys from the shared queryKeys, so an admin
// write elsewhere refreshes them.
import { getJson } from '@/lib/api'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { BlogPost, Feature, Page, Project, SiteContent } from '@/lib/types'

export const useSiteContent = () =>
  useQuery(queryKeys.content, (signal) => getJson<SiteContent>('/api/content', { signal }))
export const useFeatures = () =>
  useQuery(queryKeys.features, (signal) => getJson<Feature[]>('/api/features', { signal }))
export const useProjects = () =>
  useQuery(queryKeys.projects, (signal) => getJson<Project[]>('/api/projects', { signal }))
export const usePublishedPosts = () =>
  useQuery(queryKeys.blog.list('published'), (signal) =>
    getJson<BlogPost[]>('/api/blog', { signal, params: { published: 'true' } }),
  )

/** Published CMS pages for the footer (admins get drafts too from GET /api/pages: filter them). */
export const usePublishedPages = () =>
  useQuery(queryKeys.pages, (signal) => getJson<Page[]>('/api/pages', { signal }))
