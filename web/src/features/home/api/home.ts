// The public reads the home page needs (docs/api.md), in the sizes it shows. They are described in
// @/lib/publicReads, so the web server renders the page from the same calls; keys are the shared
// queryKeys, so an admin write elsewhere refreshes them. The home is in the entry chunk: it reads
// through publicReads directly, not through the API modules, which the lazy pages share (importing
// those here makes the bundler split the HTTP client and the cache out of the entry: +2 kB, 3 files).
import { reads, useRead } from '@/lib/publicReads'

/** The home asks only for what it shows: one latest post, six projects. */
export const LATEST_POSTS = 1
export const HOME_PROJECTS = 6

export const useSiteContent = () => useRead(reads.content())
export const useFeatures = () => useRead(reads.features())
export const useHomeProjects = () => useRead(reads.projects(HOME_PROJECTS))
export const useLatestPosts = () => useRead(reads.publishedPosts(1, LATEST_POSTS))
/** Published CMS pages for the footer (admins get drafts too from GET /api/pages: filter them). */
export const usePublishedPages = () => useRead(reads.pages())
