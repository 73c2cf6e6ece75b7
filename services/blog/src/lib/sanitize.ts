import { sanitizeRichHtml } from '@site/service-kit'

/** Post HTML: the kit's one allow-list for HTML rendered as is (shared with CMS pages). */
export const sanitizePostHtml = sanitizeRichHtml
