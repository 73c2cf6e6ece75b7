// Fills a site with demo content through its services' public and admin APIs (what an admin would
// type): features, pages, projects with pictures, posts (nl/en, every third also de, each with a
// project's picture) and a few consultation requests. Each item has an identity (a slug, a title,
// an e-mail address) that is looked up first, so a second run adds nothing twice.
import { DEMO_CONTACTS, DEMO_FEATURES, DEMO_PAGES, DEMO_PROJECTS, demoPost } from './texts.mjs'
import { projectPicture } from './images.mjs'
import { SeedError, signIn } from './client.mjs'
import { fetchProof } from '../altcha.mjs'

const expect = (what, { status, body }, ok = [200, 201]) => {
  if (!ok.includes(status)) throw new SeedError(`${what}: ${status} ${JSON.stringify(body)}`)
  return body
}

/** Runs `fn` over `items`, `width` at a time. */
async function inParallel(items, width, fn) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++])
    }),
  )
}

/**
 * @param {{ origin: string, username: string, password: string, posts: number, log?: (m: string) => void }} opts
 * @returns {Promise<Record<string, { added: number, present: number }>>}
 */
export async function seedDemo({ origin, username, password, posts, log = () => {} }) {
  const api = await signIn(origin, username, password)
  const counts = {}
  const count = (kind, added) => {
    counts[kind] ??= { added: 0, present: 0 }
    counts[kind][added ? 'added' : 'present']++
  }

  const features = expect('GET /api/features', await api.get('/api/features'))
  for (const feature of DEMO_FEATURES) {
    const present = features.some((f) => f.title_en === feature.title_en)
    if (!present) expect('POST /api/features', await api.post('/api/features', feature))
    count('features', !present)
  }

  for (const page of DEMO_PAGES) {
    const res = await api.post('/api/pages', page)
    if (res.status !== 409) expect(`POST /api/pages (${page.slug})`, res)
    count('pages', res.status !== 409)
  }

  const projects = await api.all('/api/projects')
  const pictures = []
  for (const [n, project] of DEMO_PROJECTS.entries()) {
    let found = projects.find((p) => p.title === project.title)
    if (!found) {
      const jpeg = await projectPicture(n, project.title)
      const { uploadURL } = expect(
        'POST /api/projects/upload',
        await api.upload('/api/projects/upload', jpeg, `demo-${n + 1}.jpg`, 'image/jpeg'),
      )
      found = expect(
        'POST /api/projects',
        await api.post('/api/projects', { ...project, image_url: uploadURL }),
      )
    }
    count('projects', !projects.includes(found))
    if (found.image_url) pictures.push(found.image_url)
  }
  log(`features, pages and projects done; ${posts} posts next`)

  const numbers = Array.from({ length: posts }, (_, i) => i + 1)
  await inParallel(numbers, 4, async (n) => {
    const post = { ...demoPost(n), featured_image: pictures[(n - 1) % pictures.length] }
    const res = await api.post('/api/blog', post)
    if (res.status !== 409) expect(`POST /api/blog (${post.slug})`, res)
    count('posts', res.status !== 409)
    if (n % 50 === 0) log(`${n} of ${posts} posts`)
  })

  const requests = await api.all('/api/contacts')
  for (const contact of DEMO_CONTACTS) {
    if (requests.some((r) => r.email === contact.email)) {
      count('contact requests', false)
      continue
    }
    // The public form, as a visitor sends it; it allows a few per address in a while.
    // With the proof of work the browser solves while a visitor types.
    const res = await api.post(
      '/api/contacts',
      { ...contact, altcha: await fetchProof(origin) },
      { anonymous: true },
    )
    if (res.status === 429) {
      log(
        'the contact form allows no more requests from this address for now: run the seed again later for the rest',
      )
      break
    }
    expect('POST /api/contacts', res)
    count('contact requests', true)
  }
  return counts
}
