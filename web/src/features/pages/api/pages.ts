import { reads, useRead } from '@/lib/publicReads'

/** GET /api/pages (the list is small and cached by the content service; a page is found by slug here). */
export const usePages = () => useRead(reads.pages())
