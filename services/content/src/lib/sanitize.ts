import { sanitizeRichHtml } from '@site/service-kit'

/** Page content is HTML rendered as is: the same allow-list as blog posts (kit `html.ts`). */
export const sanitizePageHtml = sanitizeRichHtml
