// The chat's search index at a size: build time, the process's memory after it, the index file,
// a few questions and an edit's update, as JSON. The posts are the benches' realistic ones
// (bench/scale/posts.mjs: about 16 KB of HTML in nl and en each), served by a fake blog over HTTP.
// Run: node --expose-gc --import=tsx services/chat/bench/index-memory.mts [posts=10000]
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { KnowledgeIndex } from '../src/knowledge/index.js'
// @ts-expect-error -- a plain .mjs module without types
import { makePost } from '../../../bench/scale/posts.mjs'

const POSTS = Number(process.argv[2] ?? 10_000)
const post = (i: number, edit = '') => {
  const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString()
  const p = makePost(i) as Record<string, string>
  const id = i.toString(16).padStart(24, '0')
  return { ...p, content_nl: p.content_nl + edit, id, created_at: at, updated_at: at }
}
let edited = -1
const serve = (i: number) => post(i, i === edited ? '<p>Een vuurtoren aan zee.</p>' : '')
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x')
  const send = (body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  if (url.pathname !== '/api/blog/changes') return send([])
  const ids = url.searchParams.get('ids')
  if (ids) {
    const items = ids.split(',').map((id) => serve(parseInt(id, 16)))
    return send({ items, page: 1, pageSize: 50, total: items.length })
  }
  const page = Number(url.searchParams.get('page') ?? 1)
  const size = Number(url.searchParams.get('pageSize') ?? 50)
  const items = []
  for (let i = (page - 1) * size; i < Math.min(POSTS, page * size); i++) items.push(serve(i))
  send({ items, page, pageSize: size, total: POSTS })
})
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const dir = mkdtempSync(join(tmpdir(), 'chat-index-bench-'))
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined)
const mb = (bytes: number) => Math.round(bytes / 1048576)
const ms = (t0: number) => Math.round(performance.now() - t0)

gc()
const before = process.memoryUsage()
let peak = 0
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200)
const index = new KnowledgeIndex({ contentUrl: base, blogUrl: base, timeoutMs: 30_000, pageUrl: '', dir })
let t0 = performance.now()
await index.refresh()
const buildMs = ms(t0)
clearInterval(sampler)
gc()
const after = process.memoryUsage()
const questions: Record<string, number> = {}
for (const q of ['Hoe bouwen jullie een MVP?', 'automation workflow budget', 'Aanpak 4711', 'kwalitiet']) {
  t0 = performance.now()
  index.find(q, 'nl')
  questions[q] = ms(t0)
}
edited = 4711 % POSTS
t0 = performance.now()
await index.changed([
  { kind: 'post', action: 'update', target: { id: post(edited).id, label: null } } as never,
])
const editMs = ms(t0)
if (!/vuurtoren/.test(index.get(`post:scale-post-${edited}`)?.text.nl ?? ''))
  throw new Error('the edit was not indexed')
const fileMb = mb(readdirSync(dir).reduce((a, f) => a + statSync(join(dir, f)).size, 0))
console.log(
  JSON.stringify({
    posts: POSTS,
    indexed: index.size,
    buildSeconds: buildMs / 1000,
    rssMb: { before: mb(before.rss), peakDuringBuild: mb(peak), after: mb(after.rss) },
    heapMb: mb(after.heapUsed),
    indexFileMb: fileMb,
    questionMs: questions,
    editMs,
  }),
)
await index.stop()
server.close()
rmSync(dir, { recursive: true, force: true })
