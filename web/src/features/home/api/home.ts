// The public reads the home page needs (docs/api.md), described in @/lib/publicReads so the web
// server renders the page from the same calls. Keys are the shared queryKeys, so an admin write
// elsewhere refreshes them.
import { reads, useRead } from '@/lib/publicReads'

/** The home asks only for what it shows: one latest post, six projects. */
export const LATEST_POSTS = 1
export const HOME_PROJECTS = 6

export const useSiteContent = () => useRead(reads.content())
export const useFeatures = () => useRead(reads.features())
export const useProjects = () => useRead(reads.projects(HOME_PROJECTS))
export const useLatestPosts = () => useRead(reads.publishedPosts(1, LATEST_POSTS))
/** Published CMS pages for the footer (admins get drafts too from GET /api/pages: filter them). */
export const usePublishedPages = () => useRead(reads.pages())
