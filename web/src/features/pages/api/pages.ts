import { reads, useRead } from '@/lib/publicReads'

/** One published page by slug (GET /api/pages/slug/{slug}), or null when there is none. */
export const usePage = (slug: string) => useRead(reads.page(slug))
