// Early answers to requests with a body, through the built gateway and a real service: the client's
// reused keep-alive connection must stay usable (or be announced closed), never die mid-request.
import t from 'tap'
// @ts-expect-error the stack launcher is plain JavaScript
import { startStack } from '../../scripts/lib/stack.mjs'

const stack = await startStack({ only: ['blog', 'gateway'] })
t.teardown(() => stack.stop())

t.test('30 anonymous multipart uploads one after another all receive their 401', async (t) => {
  const statuses: (number | string)[] = []
  for (let i = 0; i < 30; i++) {
    const form = new FormData()
    form.set('file', new Blob(['hello']), 'a.txt')
    try {
      const res = await fetch(`${stack.url}/api/blog/upload`, { method: 'POST', body: form, headers: { 'x-requested-with': 'XMLHttpRequest' } })
      await res.arrayBuffer()
      statuses.push(res.status)
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause
      statuses.push(cause?.code ?? String(err))
    }
  }
  t.same(statuses, Array(30).fill(401))
})
