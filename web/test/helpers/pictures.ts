// Helpers of the responsive-image tests (media/pictures.test.ts, media/imported-pictures.test.ts).
import type { ImageInfo, ImageInfoList } from '@site/contracts'
import { collectPageErrors, launchBrowser } from './browser.js'

/**
 * The image info of `url` once its variants are made, asked at `infoPath` (/api/content/images or
 * /api/blog/images). Up to 3 minutes: on a loaded machine a worker takes a while for 12 encodes.
 */
export async function variantsOf(site: string, infoPath: string, url: string): Promise<ImageInfo> {
  for (let i = 0; i < 900; i++) {
    const res = await fetch(`${site}${infoPath}?src=${encodeURIComponent(url)}`)
    const { items } = (await res.json()) as ImageInfoList
    if (items.length) return items[0]!
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no variants of ${url}`)
}

/** The insides of every `<picture>` of a page. */
export const pictures = (html: string) =>
  [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((m) => m[1]!)
/** An attribute's value in a tag. */
export const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]

/**
 * A 390 px phone's tab (closed with the test): the paths of the images it requests, and its page
 * errors (a hydration mismatch is one).
 */
export async function phoneTab(t: { teardown: (fn: () => Promise<void>) => void }, baseURL: string) {
  const browser = await launchBrowser({ baseURL })
  t.teardown(() => browser.close())
  const tab = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const errors = collectPageErrors(tab)
  const images: string[] = []
  tab.on('request', (r) => {
    if (r.resourceType() === 'image') images.push(new URL(r.url()).pathname)
  })
  return { tab, errors, images }
}
