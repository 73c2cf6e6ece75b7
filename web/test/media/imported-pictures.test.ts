// @tier stack
// Imported images as responsive pictures (issue 32, item 3), against the real stack with the blog
// worker: a .docx with a photo is imported and published; the blog worker makes the photo's
// AVIF/WebP variants, and the public post's HTML shows it as <picture> with srcsets under
// /api/blog/images/, the post layout's sizes, its size and Word's description as alt, even when
// the page was first served (and cached) before the variants existed. A phone downloads a narrow
// AVIF, not the original, and hydration keeps the picture.
import t from 'tap'
import sharp from 'sharp'
import { Document, ImageRun, Packer, Paragraph } from 'docx'
import type { BlogPost } from '@site/contracts'
import { startStack } from '../helpers/stack.js'
import { adminApi } from '../public/api.js'
import { attr, phoneTab, pictures, variantsOf } from '../helpers/pictures.js'

const stack = await startStack({
  only: ['auth', 'content', 'blog', 'blog-worker', 'web', 'gateway'],
  env: { BLOG_UPLOAD_WAIT_MS: '60000' },
})
t.teardown(() => stack.stop())
const api = await adminApi(stack, 'import-admin', 'a-long-password-for-imports')

const photo = await sharp({
  create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 120, b: 90 } },
})
  .jpeg()
  .toBuffer()
const docx = await Packer.toBuffer(
  new Document({
    sections: [
      {
        children: [
          new Paragraph('Een verslag van de werkdag met een foto van het team.'),
          new Paragraph({
            children: [
              new ImageRun({
                type: 'jpg',
                data: photo,
                transformation: { width: 160, height: 100 },
                altText: { name: 'foto', description: 'Het team op kantoor', title: 'foto' },
              }),
            ],
          }),
        ],
      },
    ],
  }),
)
const form = new FormData()
form.append('sourceLanguage', 'nl')
form.append('publish', 'true')
form.append('file', new Blob([new Uint8Array(docx)]), 'werkdag.docx')
const res = await fetch(`${stack.url}/api/blog/upload`, {
  method: 'POST',
  headers: { cookie: api.cookie, 'x-requested-with': 'XMLHttpRequest', origin: stack.url },
  body: form,
})
if (res.status !== 200) throw new Error(`import ${res.status}: ${await res.text()}`)
const post = ((await res.json()) as { blogPost: BlogPost }).blogPost
const src = /<img[^>]*src="([^"]+)"/.exec(post.content_nl)![1]!
const page = async (path: string) => (await fetch(`${stack.url}${path}`)).text()
// Served right away, probably before the worker made the variants: the gateway keeps this answer.
const early = await page(`/blog/${post.slug}`)

t.test("the imported post's body image is a <picture> with the variants", async (t) => {
  t.match(src, /^\/api\/blog\/images\/[a-f0-9]{32}\.jpg$/)
  t.ok(early.includes(src), 'the post showed its image from the start')
  const info = await variantsOf(stack.url, '/api/blog/images', src)
  t.same(info.widths, [320, 640, 800, 960, 1280, 1600], 'never wider than the photo')
  let html = ''
  for (let i = 0; i < 50 && pictures(html).length === 0; i++) {
    html = await page(`/blog/${post.slug}`)
    if (!pictures(html).length) await new Promise((r) => setTimeout(r, 200))
  }
  const [body] = pictures(html)
  t.ok(body, 'the page is rebuilt with a <picture> once the variants exist')
  const avif = /<source type="image\/avif" srcset="([^"]+)" sizes="([^"]+)"/.exec(body!)
  t.match(avif?.[1], /^\/api\/blog\/images\/[a-f0-9]{32}-w320\.avif 320w, .*-w1600\.avif 1600w$/)
  t.match(avif?.[2], /^\(min-width: 868px\) 820px/, "the post layout's sizes")
  t.match(body, /<source type="image\/webp" srcset="[^"]+-w640\.webp 640w/)
  const img = /<img[^>]*>/.exec(body!)![0]
  t.equal(attr(img, 'src'), src, 'the original for browsers without either')
  t.equal(attr(img, 'width'), '1600')
  t.equal(attr(img, 'height'), '1000')
  t.equal(attr(img, 'loading'), 'lazy', 'a body image is below the fold')
  t.equal(attr(img, 'alt'), 'Het team op kantoor', "Word's description")
  const variant = await fetch(`${stack.url}${info.base}-w640.avif`)
  t.equal(variant.status, 200)
  t.equal(variant.headers.get('cache-control'), 'public, max-age=31536000, immutable')
  t.equal(variant.headers.get('x-content-type-options'), 'nosniff')
})

t.test('a 390 px phone downloads a narrow AVIF, never the original; hydration keeps it', async (t) => {
  const { tab, errors, images } = await phoneTab(t, stack.url)
  await tab.goto(`/blog/${post.slug}`, { waitUntil: 'networkidle' })
  const body = tab.locator('picture img').first()
  await body.scrollIntoViewIfNeeded()
  await tab.waitForLoadState('networkidle')
  const current = await body.evaluate((el) => (el as HTMLImageElement).currentSrc)
  t.match(new URL(current).pathname, /^\/api\/blog\/images\/[a-f0-9]{32}-w(320|640|800|960)\.avif$/)
  t.notOk(images.includes(src), 'the 1,600 px original is not downloaded')
  t.same(errors, [], 'no hydration or console error')
})
