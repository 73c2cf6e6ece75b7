// The site's public origin (PUBLIC_ORIGIN) as the server rendered the page with it: links that need
// an absolute URL (the share buttons) render the same on the server and in the hydrating browser.
let origin = ''

export const getSiteOrigin = (): string => origin
export function setSiteOrigin(value: string): void {
  origin = value
}
