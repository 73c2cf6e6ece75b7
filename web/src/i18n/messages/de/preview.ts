import type { Messages } from '../types'

// The bar above a page opened through a preview link (docs/editorial.md, "Preview links").
export const preview: Messages['preview'] = {
  bar: 'Vorschau',
  text: 'Dies ist eine Vorschau der gespeicherten Fassung; sie ist womöglich noch nicht auf der Website.',
  gone: 'Vorschau nicht verfügbar',
  goneText: 'Dieser Vorschaulink ist abgelaufen oder wurde widerrufen.',
}
