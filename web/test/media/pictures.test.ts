// @tier stack
// Responsive images on the public pages, against the real stack (content worker included): a
// library image becomes <picture> with AVIF/WebP srcset, sizes, width/height and the alt text of
// the page's language (then Dutch, then the post's title), on /blog, the post (its body's images
// rewritten too), /projects and /; a 390 px phone downloads a narrow AVIF, not the original. A
// post published before its image's variants are made shows them once they are (issue 42).
import t from 'tap'
import sharp from 'sharp'
import type { MediaItem } from '@site/contracts'
import { listenForPurges } from '@site/service-kit/testing'
import { startStack } from '../helpers/stack.js'
import { adminApi, POST } from '../public/api.js'
import { attr, phoneTab, pictures, variantsOf as variantsOfAt } from '../helpers/pictures.js'

const stack = await startStack({ only: ['auth', 'content', 'content-worker', 'blog', 'web', 'gateway'] })
t.teardown(() => stack.stop())
const api = await adminApi(stack, 'media-admin', 'a-long-password-for-media')
const headers = { cookie: api.cookie, 'x-requested-with': 'XMLHttpRequest', origin: stack.url }

async function upload(width: number, height: number, name: string): Promise<MediaItem> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name)
  const res = await fetch(`${stack.url}/api/media`, { method: 'POST', headers, body: form })
  if (res.status !== 201) throw new Error(`upload ${res.status}: ${await res.text()}`)
  return (await res.json()) as MediaItem
}
const variantsOf = (url: string) => variantsOfAt(stack.url, '/api/content/images', url)

const described = await upload(2400, 1600, 'team.jpg')
await fetch(`${stack.url}/api/media/${described.id}`, {
  method: 'PATCH',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify({ alt_nl: 'Het team aan tafel', alt_en: 'The team at the table' }),
})
const bare = await upload(1200, 800, 'office.jpg')
await variantsOf(described.url)
await variantsOf(bare.url)
// Older post without alt texts first, then the newest (first on /blog) with the described image.
await api.post('/api/blog', { ...POST, slug: 'plain-alt', title_nl: 'Zonder alt', featured_image: bare.url })
await api.post('/api/blog', {
  ...POST,
  featured_image: described.url,
  content_nl: `<p>Tekst.</p><p><img src="${bare.url}" alt=""></p>`,
})
await api.post('/api/projects', { title: 'Shop', description: 'A shop', image_url: described.url })
await api.post('/api/pages', {
  slug: 'over-ons',
  title_nl: 'Over ons',
  title_en: 'About us',
  content_nl: `<p>Wie wij zijn.</p><p><img src="${described.url}" alt=""></p>`,
  content_en: '<p>Who we are.</p>',
  published: true,
})

const page = async (path: string) => (await fetch(`${stack.url}${path}`)).text()

t.test(
  "/blog: <picture> with AVIF and WebP srcsets, the layout's sizes, size, alt, first eager",
  async (t) => {
    const html = await page('/blog')
    const [first, second] = pictures(html)
    t.ok(first && second, 'both cards show a picture')
    const avif = /<source type="image\/avif" srcSet="([^"]+)" sizes="([^"]+)"/.exec(first!)
    t.ok(avif, 'an AVIF source first')
    t.match(avif![1], /\/objects\/media\/[a-f0-9]{24}-w320\.avif 320w, .*-w1920\.avif 1920w$/)
    t.match(avif![2], /calc\(100vw - 32px\)$/, 'one column on a phone')
    t.match(first!, /<source type="image\/webp" srcSet="[^"]+-w640\.webp 640w/)
    const img = /<img[^>]*>/.exec(first!)![0]
    t.equal(attr(img, 'src'), described.url, 'the original for browsers without either')
    t.equal(attr(img, 'width'), '2400')
    t.equal(attr(img, 'height'), '1600')
    t.equal(attr(img, 'alt'), 'Het team aan tafel', 'the Dutch alt text')
    t.equal(attr(img, 'loading'), 'eager')
    t.equal(attr(img, 'fetchPriority'), 'high', 'the first image is fetched first')
    const other = /<img[^>]*>/.exec(second!)![0]
    t.equal(attr(other, 'loading'), 'lazy', 'the others below the fold are lazy')
    t.equal(attr(other, 'alt'), 'Zonder alt', 'no alt text: the post title')
    t.equal(attr(/<img[^>]*>/.exec(pictures(await page('/en/blog'))[0]!)![0], 'alt'), 'The team at the table')
    const german = /<img[^>]*>/.exec(pictures(await page('/de/blog'))[0]!)![0]
    t.equal(attr(german, 'alt'), 'Het team aan tafel', 'no German alt text: the Dutch one')
  },
)

t.test('a post: its image and the images of its body as pictures', async (t) => {
  const html = await page(`/blog/${POST.slug}`)
  const found = pictures(html)
  t.equal(found.length, 2, 'featured image and body image')
  const body = found.find((p) => p.includes(bare.url))!
  t.match(body, /<source type="image\/avif" srcset="[^"]+-w320\.avif 320w/, 'the body image rewritten')
  const img = /<img[^>]*>/.exec(body)![0]
  t.equal(attr(img, 'loading'), 'lazy')
  t.equal(attr(img, 'width'), '1200')
  t.equal(attr(img, 'alt'), 'Een AI-prototype in dagen', "no alt text: the post's title, as text")
  t.match(pictures(await page('/projects'))[0], /-w960\.avif 960w/, '/projects too')
  const cms = pictures(await page('/pages/over-ons'))
  t.equal(cms.length, 1, "a page's body image too")
  t.equal(attr(/<img[^>]*>/.exec(cms[0]!)![0], 'alt'), 'Het team aan tafel')
  t.match(pictures(await page('/'))[0], /-w960\.avif 960w/, 'the home too')
})

t.test('a 390 px phone downloads a narrow AVIF, never the original; hydration keeps it', async (t) => {
  const { tab, errors, images } = await phoneTab(t, stack.url)
  await tab.goto('/blog', { waitUntil: 'networkidle' })
  const current = await tab
    .locator('.blog-card__image')
    .first()
    .evaluate((el) => (el as HTMLImageElement).currentSrc)
  t.match(new URL(current).pathname, /-w(320|640|960)\.avif$/, `a narrow AVIF is shown (${current})`)
  t.notOk(images.includes(described.url), 'the 2,400 px original is not downloaded')
  t.same(errors, [], 'no hydration or console error')
})

t.test('variants made after the post is out: the page through the gateway shows them at once', async (t) => {
  const purges = await listenForPurges(stack.env.REDIS_URL!, stack.env.QUEUE_PREFIX!)
  t.teardown(() => purges.close())
  // The worker is held while the post goes out and its page is kept without the variants.
  stack.supervisor.signal('content-worker', 'SIGSTOP')
  let held = true
  const resume = () => held && ((held = false), stack.supervisor.signal('content-worker', 'SIGCONT'))
  t.teardown(resume)
  const fresh = await upload(2400, 1600, 'late.jpg')
  const slug = 'variants-come-later'
  await api.post('/api/blog', { ...POST, slug, title_nl: 'Later beeld', featured_image: fresh.url })
  const get = () => fetch(`${stack.url}/blog/${slug}`)
  const plain = await get()
  t.equal(plain.status, 200)
  t.notMatch(await plain.text(), /srcset="[^"]*-w320\.avif/i, 'no variants yet: the original only')
  const kept = await get()
  await kept.text()
  t.match(kept.headers.get('cache-status'), /hit/, 'the gateway keeps the page')

  resume()
  await variantsOf(fresh.url)
  // The variants' change is announced (a purge of the image's key) after the layers below forgot.
  const key = `media:${fresh.id}`
  for (let i = 0; i < 300 && !purges.all.some((m) => m.keys.includes(key) && m.stale); i++)
    await new Promise((r) => setTimeout(r, 100))
  t.ok(
    purges.all.some((m) => m.keys.includes(key) && m.stale),
    'the image key is purged (stale allowed)',
  )
  // The gateway hears the purge on its own connection: a moment to drop the entry, no more.
  let html = ''
  for (let i = 0; i < 20; i++) {
    html = await (await get()).text()
    if (/srcset="[^"]*-w320\.avif/i.test(html)) break
    await new Promise((r) => setTimeout(r, 100))
  }
  t.match(html, /<source type="image\/avif" srcset="[^"]*-w320\.avif 320w/i, 'the page shows the variants')
  const again = await get()
  t.match(await again.text(), /srcset="[^"]*-w320\.avif/i, 'and keeps showing them')
})
