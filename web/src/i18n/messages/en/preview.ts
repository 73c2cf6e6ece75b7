import type { Messages } from '../types'

// The bar above a page opened through a preview link (docs/editorial.md, "Preview links").
export const preview: Messages['preview'] = {
  bar: 'Preview',
  text: 'This is a preview of the saved version; it may not be on the site yet.',
  gone: 'Preview not available',
  goneText: 'This preview link has expired or was revoked.',
}
