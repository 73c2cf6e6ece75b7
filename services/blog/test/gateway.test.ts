// @tier stack
import t from 'tap'
import { DEFAULT_BYLINE } from '@site/contracts'
import { createTestSession } from '@site/service-kit/testing'
// @ts-expect-error the stack launcher is plain JavaScript
import { startStack } from '../../../scripts/lib/stack.mjs'
import { makeDocx } from './fixtures.js'

// The built processes (blog, blog worker, gateway) as a user reaches them: multipart through the gateway.
const stack = await startStack({ only: ['blog', 'blog-worker', 'gateway'] })
t.teardown(() => stack.stop())
const session = await createTestSession(
  stack.env,
  { id: 'admin-e2e', username: 'webmaster' },
  { secret: stack.env.SESSION_SECRET },
)
const headers = { cookie: session.cookie, 'x-requested-with': 'XMLHttpRequest', origin: stack.url }

const send = (file: Blob, name: string, fields: Record<string, string> = {}) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  form.set('file', file, name)
  return fetch(`${stack.url}/api/blog/upload`, { method: 'POST', body: form, headers })
}

t.test('a .docx uploaded through the gateway becomes a published post the public can read', async (t) => {
  const res = await send(new Blob([await makeDocx({ title: 'Via de gateway' })]), 'gateway.docx', {
    publish: 'true',
    tags: 'e2e',
  })
  t.equal(res.status, 200)
  const { blogPost, aiGenerated } = (await res.json()) as {
    blogPost: { slug: string; author: string; tags: string[] }
    aiGenerated: { tags: string[] }
  }
  t.match(blogPost, { slug: 'via-de-gateway', author: DEFAULT_BYLINE, tags: ['e2e'] })
  t.same(aiGenerated.tags, [])
  const list = (await (await fetch(`${stack.url}/api/blog?published=true`)).json()) as {
    items: { slug: string }[]
    total: number
  }
  t.same(
    list.items.map((p) => p.slug),
    ['via-de-gateway'],
  )
  t.equal(list.total, 1)
  const one = await fetch(`${stack.url}/api/blog/slug/via-de-gateway`)
  t.equal(one.status, 200)
})

t.test('the limits answer through the gateway with their messages', async (t) => {
  const big = await send(new Blob([Buffer.alloc(10 * 1024 * 1024 + 1, 'a')]), 'big.txt')
  t.equal(big.status, 413)
  t.equal(((await big.json()) as { message: string }).message, 'File must be smaller than 10MB.')
  const pdf = await send(new Blob([Buffer.from('%PDF-1.7')]), 'x.pdf')
  t.equal(pdf.status, 400)
  t.equal(((await pdf.json()) as { message: string }).message, 'Only .txt, .md and .docx files are allowed.')
  const anon = await fetch(`${stack.url}/api/blog/upload`, {
    method: 'POST',
    body: new FormData(),
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  })
  t.equal(anon.status, 401)
})
