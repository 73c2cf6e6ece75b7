// @tier stack
// Lighthouse (mobile) on /, /blog and a post whose featured images are 2,400 × 1,600 px library
// images with their variants: the image audits pass (image delivery: properly sized and modern
// formats, which Lighthouse 13 folded into one insight; explicit width and height). Performance is
// left to `npm run bench:media` (it depends on the machine's load).
import t from 'tap'
import type { ImageInfoList, MediaItem } from '@site/contracts'
import { CHROMIUM_PATH } from '../helpers/browser.js'
import { startStack } from '../helpers/stack.js'
import { adminApi, POST } from '../public/api.js'

const stack = await startStack({ only: ['auth', 'content', 'content-worker', 'blog', 'web', 'gateway'] })
t.teardown(() => stack.stop())
const api = await adminApi(stack, 'lighthouse-admin', 'a-long-password-for-lighthouse')
const headers = { cookie: api.cookie, 'x-requested-with': 'XMLHttpRequest', origin: stack.url }

// The media bench's photo-like 2,400 × 1,600 JPEG (smooth noise: a flat colour would make every
// size tiny and the audit trivial), from the scripts' helper, as stack.ts takes the stack.
const { photo } = (await import(new URL('../../../scripts/test/lib/photo.mjs', import.meta.url).href)) as {
  photo: (i: number) => Promise<Buffer>
}

async function upload(i: number): Promise<MediaItem> {
  const bytes = await photo(i)
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `photo-${i}.jpg`)
  const res = await fetch(`${stack.url}/api/media`, { method: 'POST', headers, body: form })
  if (res.status !== 201) throw new Error(`upload ${res.status}: ${await res.text()}`)
  return (await res.json()) as MediaItem
}
const images: MediaItem[] = []
for (let i = 0; i < 3; i++) images.push(await upload(i))
for (const image of images) {
  for (let n = 0; ; n++) {
    const res = await fetch(`${stack.url}/api/content/images?src=${encodeURIComponent(image.url)}`)
    if (((await res.json()) as ImageInfoList).items.length) break
    if (n > 900) throw new Error('no variants')
    await new Promise((r) => setTimeout(r, 200))
  }
}
for (let i = 0; i < 6; i++)
  await api.post('/api/blog', {
    ...POST,
    slug: `photo-post-${i}`,
    title_nl: `Bericht ${i}`,
    featured_image: images[i % images.length]!.url,
  })

const { launch } = await import('chrome-launcher')
const chrome = await launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
t.teardown(() => chrome.kill())

for (const path of ['/', '/blog', '/blog/photo-post-5']) {
  t.test(`Lighthouse image audits pass on ${path}`, async (t) => {
    const { default: lighthouse } = await import('lighthouse')
    // Asked for once first, as bench:media does: the run sees the page a next visitor would.
    t.equal((await fetch(`${stack.url}${path}`)).status, 200)
    let run
    for (let attempt = 1; ; attempt++) {
      run = await lighthouse(`${stack.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      })
      // Now and then, on a loaded machine, Lighthouse cannot record the page at all (bench:media
      // met NO_NAVSTART on /blog: the trace lacked its navigation start; a CI run of stop 39 failed
      // here with a runtime error on /blog). Such a run measured nothing, so it is tried again,
      // twice at most; a page that never records still fails, and audits are judged only on a
      // run that recorded.
      if (!run!.lhr.runtimeError || attempt === 3) break
      t.comment(`run ${attempt}: ${run!.lhr.runtimeError.message}; trying again`)
    }
    const audits = run!.lhr.audits
    t.equal(run!.lhr.runtimeError?.message, undefined, 'Lighthouse ran')
    const delivery = audits['image-delivery-insight']!
    const flagged = ((delivery.details as { items?: { url?: string }[] } | undefined)?.items ?? []).map(
      (i) => i.url,
    )
    t.equal(delivery.score, 1, `image delivery (sizes, formats) passes; flagged: ${JSON.stringify(flagged)}`)
    t.equal(audits['unsized-images']!.score, 1, 'every image has width and height')
  })
}
