// The public reads the home page needs (docs/api.md), in the sizes it shows. They are described in
// @/lib/publicReads, so the web server renders the page from the same calls; keys are the shared
// queryKeys, so an admin write elsewhere refreshes them.
import { usePublishedPosts } from '@/api/blog'
import { useProjects } from '@/api/projects'

export { useSiteContent } from '@/api/content'
export { useFeatures } from '@/api/features'
export { usePublishedPages } from '@/api/pages'

/** The home asks only for what it shows: one latest post, six projects. */
export const LATEST_POSTS = 1
export const HOME_PROJECTS = 6

export const useHomeProjects = () => useProjects(HOME_PROJECTS)
export const useLatestPosts = () => usePublishedPosts(1, LATEST_POSTS)
