// Retrieval-mode cost on a bigger site: index build time and answer latency through the HTTP
// handler (Mongo + Redis included). Prints JSON. Needs MONGO_URL and REDIS_URL (as `npm test` sets).
// Run: node --import=tsx services/chat/bench/retrieval.mts [posts=300] [questions=200]
import { performance } from 'node:perf_hooks'
import { ask, chatApp, closeApp, fakeSite } from '../test/helpers.js'
import { SITE } from '../test/fixtures/site.js'

const posts = Number(process.argv[2] ?? 300)
const questions = Number(process.argv[3] ?? 200)
const topics = [
  'automatisering',
  'facturen',
  'chatbot',
  'dashboard',
  'webshop',
  'CRM',
  'rapportages',
  'API-koppeling',
  'planning',
  'voorraad',
]
const data = structuredClone(SITE)
const body = (i: number, lang: string) =>
  Array.from(
    { length: 12 },
    (_, p) =>
      `<p>${lang === 'nl' ? 'Alinea' : 'Paragraph'} ${p} over ${topics[(i + p) % topics.length]} en ${topics[(i * 7 + p) % topics.length]}: ${'lorem ipsum dolor sit amet '.repeat(8)}</p>`,
  ).join('')
for (let i = 0; i < posts; i++) {
  data.posts.push({
    ...data.posts[0]!,
    id: `g${i}`,
    slug: `post-${i}`,
    title_nl: `Artikel ${i} over ${topics[i % topics.length]}`,
    title_en: `Post ${i} about ${topics[i % topics.length]}`,
    content_nl: body(i, 'nl'),
    content_en: body(i, 'en'),
    tags: [topics[i % topics.length]!],
  })
}
const site = await fakeSite(data)
const app = await chatApp(site.url, {
  CHAT_IP_PER_MINUTE: '100000',
  CHAT_IP_PER_DAY: '100000',
  CHAT_SESSION_PER_MINUTE: '100000',
})
const t0 = performance.now()
site.data.posts.push({ ...data.posts[0]!, slug: 'trigger-rebuild' })
await app.knowledge.refresh()
const indexMs = performance.now() - t0
const qs = [
  'Hoe werkt het gratis MVP?',
  'Kunnen jullie mijn facturen automatiseren?',
  'Wat kost een dashboard?',
  'Do you build chatbots?',
  'Wat is jullie werkwijze?',
]
const times: number[] = []
for (let i = 0; i < questions; i++) {
  const s = performance.now()
  const r = await ask(app, qs[i % qs.length]!)
  if (r.status !== 200) throw new Error(`status ${r.status}`)
  times.push(performance.now() - s)
}
times.sort((a, b) => a - b)
const pct = (p: number) => Number(times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1))
console.log(
  JSON.stringify({
    posts,
    indexed: app.knowledge.size,
    indexRebuildMs: Number(indexMs.toFixed(1)),
    questions,
    answerMs: { p50: pct(0.5), p95: pct(0.95), max: pct(1) },
  }),
)
await closeApp(app)
await site.close()
