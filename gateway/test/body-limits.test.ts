// @tier stack
// Body limits through the built gateway and services: the same limit per route at both, a 413 in the
// API's words every time (never a 503), and a blog post as long as the contract allows saves.
import t from 'tap'
import { createTestSession } from '@site/service-kit/testing'
// @ts-expect-error the stack launcher is plain JavaScript
import { startStack } from '../../scripts/lib/stack.mjs'
// @ts-expect-error plain JavaScript, as the stack launcher
import { fetchProof } from '../../scripts/lib/altcha.mjs'

// The contact form's own per-address limit is not what this test is about.
const stack = await startStack({ only: ['blog', 'contact', 'gateway'], env: { CONTACT_RATE_LIMIT: '1000' } })
t.teardown(() => stack.stop())
const session = await createTestSession(
  stack.env,
  { id: 'admin-limits', username: 'webmaster' },
  { secret: stack.env.SESSION_SECRET },
)
const admin = {
  cookie: session.cookie,
  'x-requested-with': 'XMLHttpRequest',
  origin: stack.url,
  'content-type': 'application/json',
}
const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin: stack.url }

/** A body sent in pieces without Content-Length (chunked), so only counting can catch it. */
const streamed = (text: string) => {
  const bytes = Buffer.from(text)
  let offset = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.subarray(offset, (offset += 65536)))
    },
  })
}

async function attempt(
  url: string,
  body: string | ReadableStream<Uint8Array>,
  headers: Record<string, string>,
  method = 'POST',
) {
  try {
    const res = await fetch(url, { method, body, headers, duplex: 'half' } as RequestInit)
    return { status: res.status, body: (await res.json()) as { message: string; code?: string } }
  } catch (err) {
    return { status: 0, body: { message: String((err as { cause?: unknown }).cause ?? err) } }
  }
}

t.test(
  'over 1 MB on a JSON route: 413 with the message on every try, with and without Content-Length',
  async (t) => {
    const big = JSON.stringify({ name: 'A', email: 'a@example.com', message: 'x'.repeat(1024 * 1024 + 10) })
    for (let i = 0; i < 8; i++) {
      const res = await attempt(`${stack.url}/api/contacts`, i % 2 ? streamed(big) : big, json)
      t.same(
        res,
        {
          status: 413,
          body: {
            statusCode: 413,
            error: 'Payload Too Large',
            message: 'The request is too large: it must be smaller than 1 MB.',
            code: 'BODY_TOO_LARGE',
          },
        },
        `try ${i}`,
      )
    }
    const ok = await attempt(
      `${stack.url}/api/contacts`,
      JSON.stringify({
        name: 'A',
        email: 'a@example.com',
        message: 'Hallo, graag een gesprek.',
        altcha: await fetchProof(stack.url),
      }),
      json,
    )
    t.equal(ok.status, 201, 'a normal body still goes through')
  },
)

t.test('a post with 2,000,000 characters of HTML saves and updates; 20 MB is the route limit', async (t) => {
  const html = `<p>${'a'.repeat(2_000_000 - 7)}</p>`
  const post = {
    title_nl: 'Lang',
    title_en: 'Long',
    excerpt_nl: 'k',
    excerpt_en: 's',
    content_nl: html,
    content_en: '<p>x</p>',
  }
  const created = await attempt(`${stack.url}/api/blog`, JSON.stringify(post), admin)
  t.equal(created.status, 201, created.body.message)
  const id = (created.body as unknown as { id: string }).id
  const updated = await attempt(
    `${stack.url}/api/blog/${id}`,
    JSON.stringify({ content_en: html, content_de: html }),
    admin,
    'PUT',
  )
  t.equal(updated.status, 200, updated.body.message)
  t.equal((updated.body as unknown as { content_de: string }).content_de?.length, 2_000_000, 'stored whole')

  const tooBig = JSON.stringify({ ...post, content_en: 'y'.repeat(20 * 1024 * 1024) })
  for (const body of [tooBig, streamed(tooBig)]) {
    const res = await attempt(`${stack.url}/api/blog`, body, admin)
    t.equal(res.status, 413)
    t.equal(res.body.message, 'The request is too large: it must be smaller than 20 MB.')
  }
})

t.test("an upload over the route limit gets the upload route's own message", async (t) => {
  const form = new FormData()
  form.set('file', new Blob([Buffer.alloc(11 * 1024 * 1024, 'a')]), 'big.txt')
  const res = await fetch(`${stack.url}/api/blog/upload`, {
    method: 'POST',
    body: form,
    headers: { cookie: session.cookie, 'x-requested-with': 'XMLHttpRequest', origin: stack.url },
  })
  t.equal(res.status, 413)
  t.match(await res.json(), { message: 'File must be smaller than 10MB.', code: 'FILE_TOO_LARGE' })
})
