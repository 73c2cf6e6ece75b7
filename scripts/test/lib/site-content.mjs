// Fills a running stack through its gateway as an admin would: published posts, each with an
// uploaded image of its own (GridFS in the content service), a project, a contact request; and
// lists every public page from the sitemaps with the images the posts show. Used by the backup
// test and bench/backup.
import sharp from 'sharp'

/** `publicOrigin`: the site's PUBLIC_ORIGIN, sent as Origin (the services refuse other origins' writes). */
export function client(origin, publicOrigin = origin) {
  let cookie = ''
  const call = async (path, { method = 'GET', json, body, headers = {} } = {}) => {
    const h = { 'x-requested-with': 'XMLHttpRequest', origin: publicOrigin, ...headers }
    if (json !== undefined) h['content-type'] = 'application/json'
    if (cookie) h.cookie = cookie
    const res = await fetch(origin + path, {
      method,
      headers: h,
      body: json !== undefined ? JSON.stringify(json) : body,
      redirect: 'manual',
      signal: AbortSignal.timeout(60000),
    })
    const text = await res.text()
    let data = text
    try {
      data = JSON.parse(text)
    } catch {
      /* not JSON: a page */
    }
    if (res.status >= 400 && !headers['x-expect-error'])
      throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`)
    return { status: res.status, headers: res.headers, data }
  }
  return {
    call,
    async login(username, password) {
      const res = await call('/api/auth/login', { method: 'POST', json: { username, password } })
      cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]
      return res
    },
  }
}

/** A PNG that differs per `seed` (so each post's image is a GridFS file of its own). */
export function image(seed, size = 96) {
  const c = (n) => (seed * n) % 256
  return sharp({
    create: { width: size, height: size, channels: 3, background: { r: c(37), g: c(91), b: c(53) } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${size}" height="${size}"><circle cx="${(seed * 7) % size}" cy="${(seed * 13) % size}" r="${size / 4}" fill="#fff"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer()
}

export async function uploadImage(api, seed) {
  const form = new FormData()
  form.append('file', new Blob([await image(seed)], { type: 'image/png' }), `image-${seed}.png`)
  const res = await api.call('/api/projects/upload', { method: 'POST', body: form })
  return res.data.uploadURL
}

export async function addPost(api, i) {
  const image_url = await uploadImage(api, i + 1)
  const text = (lang) => `<p>${lang} post ${i}: a paragraph about automation, number ${i}.</p>`
  const res = await api.call('/api/blog', {
    method: 'POST',
    json: {
      title_nl: `Bericht ${i}`,
      title_en: `Post ${i}`,
      excerpt_nl: `Samenvatting ${i}`,
      excerpt_en: `Summary ${i}`,
      content_nl: text('nl'),
      content_en: text('en'),
      featured_image: image_url,
      published: true,
      tags: [`tag${i % 7}`],
    },
  })
  return res.data
}

/** Every URL the sitemaps list (as paths), plus the stored images their pages show. */
export async function publicUrls(origin) {
  const paths = new Set(['/', '/sitemap.xml', '/robots.txt', '/api/blog?published=true&page=1&pageSize=50'])
  const locs = async (path) => {
    const xml = await (await fetch(origin + path)).text()
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname + new URL(m[1]).search)
  }
  const pages = []
  for (const file of await locs('/sitemap.xml')) {
    paths.add(file)
    pages.push(...(await locs(file)))
  }
  for (const page of pages) {
    paths.add(page)
    // Images from GridFS: uploads (/objects/) and pictures of imported posts (/api/blog/images/).
    const html = await (await fetch(origin + page)).text()
    for (const m of html.matchAll(/"(\/(?:objects|api\/blog\/images)\/[^"?&\s]+)/g)) paths.add(m[1])
  }
  return [...paths].sort()
}

/** Status and ETag of each path. */
export async function etags(origin, paths) {
  const out = {}
  for (const path of paths) {
    const res = await fetch(origin + path, { headers: { 'accept-encoding': 'identity' } })
    await res.arrayBuffer()
    out[path] = `${res.status} ${res.headers.get('etag')}`
  }
  return out
}
