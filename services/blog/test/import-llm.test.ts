// @tier services
import t from 'tap'
import { DEFAULT_BYLINE } from '@site/contracts'
import { blogApp, multipart, startFakeLlm, translatorReply, type LlmCall, type LlmReply } from './helpers.js'
import { makeDocx, markdown } from './fixtures.js'

let mode: (call: LlmCall, n: number) => LlmReply = translatorReply
const llm = await startFakeLlm((call, n) => mode(call, n))
const s = await blogApp({ ...llm.env, BLOG_IMPORT_ATTEMPTS: '2', BLOG_UPLOAD_WAIT_MS: '40000' })
await s.startWorker()
t.teardown(async () => {
  await s.close()
  await llm.close()
})

const upload = (fields: Record<string, string>, file: { name: string; data: Buffer; type?: string }) => {
  const body = multipart(fields, file)
  return s.app.inject({
    method: 'POST',
    url: '/api/blog/upload',
    headers: { ...s.admin, ...body.headers },
    payload: body.payload,
  })
}

t.test('.txt from the editor: translated nl → en, tagged, marked as machine-translated', async (t) => {
  llm.calls.length = 0
  const text =
    'Slimme automatisering\n\nWij automatiseren processen voor teams zonder ontwikkelaars.\nSnel en eerlijk.\n\nTweede alinea over <AI> en innovatie.'
  const res = await upload(
    { sourceLanguage: 'nl' },
    { name: 'notes.txt', type: 'text/plain', data: Buffer.from(text) },
  )
  t.equal(res.statusCode, 200)
  const { blogPost: p, aiGenerated } = res.json()
  t.equal(p.title_nl, 'Slimme automatisering')
  t.equal(p.title_en, '[EN] Slimme automatisering')
  t.match(
    p.content_nl,
    /<p>Wij automatiseren processen voor teams zonder ontwikkelaars.<br \/>Snel en eerlijk.<\/p>/,
  )
  t.match(p.content_nl, /&lt;AI&gt;/, 'text is escaped, not parsed as HTML')
  t.match(p.content_en, /\[EN\] Wij automatiseren/)
  t.equal(p.excerpt_en, '[EN] Wij automatiseren processen voor teams zonder ontwikkelaars. Snel en eerlijk.')
  t.same(p.machine_translated.sort(), ['content_en', 'excerpt_en', 'title_en'])
  t.match(p, {
    needs_review: true,
    needs_translation: false,
    published: false,
    author: DEFAULT_BYLINE,
    source_language: 'nl',
    slug: 'slimme-automatisering',
  })
  t.same(aiGenerated.tags, ['automation', 'ai'])
  t.same(p.tags, ['automation', 'ai'])
  // What the model was sent.
  t.ok(llm.calls.length >= 3)
  t.ok(
    llm.calls.every(
      (c) => c.model === 'fake-model' && (c.body.response_format as { type: string }).type === 'json_object',
    ),
  )
  t.ok(
    llm.calls.some(
      (c) => /from Dutch to English/.test(c.system) && c.user.includes('Wij automatiseren processen'),
    ),
  )
  t.notOk(
    llm.calls.some((c) => /German/.test(c.system)),
    'no German unless configured',
  )
})

t.test('.md from the upload dialog: front matter, overrides, publish', async (t) => {
  const res = await upload(
    { title_en: 'From idea to prototype', tags: 'Web, MVP ,', publish: 'true' },
    { name: 'post.md', type: 'text/markdown', data: Buffer.from(markdown) },
  )
  t.equal(res.statusCode, 200)
  const p = res.json().blogPost
  t.equal(p.title_nl, 'Van idee naar prototype', 'front matter title')
  t.equal(p.title_en, 'From idea to prototype', 'override kept')
  t.notOk(p.machine_translated.includes('title_en'))
  t.ok(p.machine_translated.includes('content_en'))
  t.same(p.tags, ['web', 'mvp'], "the admin's tags win")
  t.equal(p.published, true)
  t.match(p.content_nl, /<h1>Een andere kop<\/h1>/)
  t.match(p.content_nl, /<strong>snel<\/strong>/)
  t.match(p.content_nl, /<li>Intake<\/li>/)
  t.match(p.content_nl, /<a href="https:\/\/example.com\/werkwijze">/)
  t.notMatch(p.content_nl + p.content_en, /<script/i)
  t.equal((await s.app.inject({ url: `/api/blog/slug/${p.slug}` })).statusCode, 200, 'published at once')
})

t.test('.docx: headings, lists, tables, links survive; language detected', async (t) => {
  const res = await upload({}, { name: 'Artikel.docx', data: await makeDocx() })
  t.equal(res.statusCode, 200)
  const p = res.json().blogPost
  t.equal(p.title_nl, 'Automatisering voor teams')
  t.notMatch(p.content_nl, /Automatisering voor teams/, 'the title heading leaves the body')
  for (const re of [
    /<h2>Voordelen<\/h2>/,
    /<ul><li>Sneller werken<\/li>/,
    /<table>/,
    /<td><p>MVP<\/p><\/td>/,
    /<a href="https:\/\/example.com\/mvp">onze site<\/a>/,
    /<strong>Paragraaf 1/,
  ]) {
    t.match(p.content_nl, re)
  }
  t.match(p.content_en, /<h2>\[EN\] Voordelen<\/h2>/)
  t.equal(p.source_language, 'nl')
})

t.test('a malformed answer is asked again once; twice malformed keeps the source text', async (t) => {
  let html = 0
  mode = (call) => {
    if (call.user.includes('{"html"') && ++html === 1)
      return { content: 'Sure! Here is your translation: <p>oops</p>' }
    return translatorReply(call)
  }
  llm.calls.length = 0
  const once = await upload(
    { sourceLanguage: 'en' },
    { name: 'a.txt', data: Buffer.from('Fast prototypes\n\nWe build software for marketing teams.') },
  )
  t.equal(once.statusCode, 200)
  t.match(once.json().blogPost.content_nl, /\[DU\] We build software/)
  t.ok(
    llm.calls.some((c) => c.retry.includes('That answer was not valid')),
    'the retry says what was wrong',
  )

  mode = (call) => (call.user.includes('{"html"') ? { content: '{"wrong": true}' } : translatorReply(call))
  const twice = await upload(
    { sourceLanguage: 'en' },
    { name: 'b.txt', data: Buffer.from('Second post\n\nAbout automation for scale-ups.') },
  )
  t.equal(twice.statusCode, 200)
  const p = twice.json().blogPost
  t.equal(p.content_nl, p.content_en, 'source text kept')
  t.same(p.untranslated.sort(), ['content_nl', 'excerpt_nl', 'title_nl'])
  t.equal(p.needs_translation, true)
})

t.test('an endpoint that keeps failing: retried with backoff, then the post is made offline', async (t) => {
  mode = () => ({ status: 500 })
  llm.calls.length = 0
  const res = await upload(
    { sourceLanguage: 'nl' },
    {
      name: 'c.txt',
      data: Buffer.from(
        'Kantoor van de toekomst\n\nModerne werkplekken met automatisering en automatisering.',
      ),
    },
  )
  t.equal(res.statusCode, 200)
  const p = res.json().blogPost
  t.ok(llm.calls.length >= 4, `the SDK and the queue retried (${llm.calls.length} calls)`)
  t.equal(p.title_en, 'Kantoor van de toekomst')
  t.same(p.untranslated.sort(), ['content_en', 'excerpt_en', 'title_en'])
  t.same(p.machine_translated, [])
  t.ok(p.tags.includes('automatisering'), 'keyword tags')
  const tt = await s.app.inject({
    method: 'POST',
    url: '/api/blog/translate-title',
    headers: s.admin,
    payload: { title: 'Hallo', sourceLanguage: 'nl' },
  })
  t.equal(tt.statusCode, 503)
  t.match(tt.json().message, /not available right now/)
})

t.test('translate-title with a working model', async (t) => {
  mode = translatorReply
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/blog/translate-title',
    headers: s.admin,
    payload: { title: 'Hello world', sourceLanguage: 'en' },
  })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { translatedTitle: '[DU] Hello world' })
})

t.test(
  'German when configured; long documents go to the model in chunks, reassembled in order',
  async (t) => {
    mode = translatorReply
    const de = await blogApp({
      ...llm.env,
      BLOG_TRANSLATE_DE: 'true',
      BLOG_LLM_CHUNK_CHARS: '600',
      BLOG_UPLOAD_WAIT_MS: '40000',
    })
    t.teardown(() => de.close())
    await de.startWorker({ BLOG_TRANSLATE_DE: 'true', BLOG_LLM_CHUNK_CHARS: '600' })
    llm.calls.length = 0
    const paragraphs = Array.from(
      { length: 30 },
      (_v, i) => `Alinea ${i + 1} over procesautomatisering voor kleine teams en snelle prototypes.`,
    )
    const body = multipart(
      { sourceLanguage: 'nl' },
      { name: 'lang.md', data: Buffer.from(`# Lange tekst\n\n${paragraphs.join('\n\n')}\n`) },
    )
    const res = await de.app.inject({
      method: 'POST',
      url: '/api/blog/upload',
      headers: { ...de.admin, ...body.headers },
      payload: body.payload,
    })
    t.equal(res.statusCode, 200)
    const p = res.json().blogPost
    t.equal(p.title_de, '[GE] Lange tekst')
    t.ok(p.machine_translated.includes('content_de'))
    const htmlCalls = llm.calls.filter((c) => c.user.includes('{"html"'))
    const enChunks = htmlCalls.filter((c) => /to English/.test(c.system))
    t.ok(enChunks.length >= 4, `split into ${enChunks.length} chunks`)
    t.ok(
      enChunks.every((c) => c.user.length < 600 + 400),
      'each chunk within the limit',
    )
    t.equal(htmlCalls.length, enChunks.length * 2, 'the same chunks for German')
    const order = [...p.content_en.matchAll(/Alinea (\d+)/g)].map((m) => Number(m[1]))
    t.same(
      order,
      Array.from({ length: 30 }, (_v, i) => i + 1),
      'all paragraphs, in order',
    )
  },
)

t.test('an endpoint without JSON mode: asked again without it, and remembered', async (t) => {
  mode = (call) => (call.body.response_format ? { status: 400 } : translatorReply(call))
  llm.calls.length = 0
  const res = await upload(
    { sourceLanguage: 'nl' },
    { name: 'plain.txt', data: Buffer.from('Zonder JSON-modus\n\nOok dan werkt de vertaling.') },
  )
  t.equal(res.statusCode, 200)
  t.equal(res.json().blogPost.title_en, '[EN] Zonder JSON-modus')
  t.equal(llm.calls.filter((c) => c.body.response_format).length, 1, 'JSON mode tried once only')
  mode = translatorReply
})

t.test(
  'review before live (issue 47): an import holds the machine language back until reviewed',
  async (t) => {
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      s.app.inject({ method, url, headers: s.admin, ...(payload ? { payload } : {}) })
    t.equal(
      (await call('PUT', '/api/translations/settings', { publish_unreviewed: { en: false } })).statusCode,
      200,
    )
    t.teardown(() => call('PUT', '/api/translations/settings', { publish_unreviewed: { en: true } }))
    const res = await upload(
      { sourceLanguage: 'nl', publish: 'true' },
      { name: 'held.txt', type: 'text/plain', data: Buffer.from('Vastgehouden\n\nEen tekst die wacht.') },
    )
    t.equal(res.statusCode, 200)
    const id = res.json().blogPost.id as string
    const post = (await call('GET', `/api/blog/${id}`)).json()
    t.match(post.translations, {
      nl: { origin: 'import', live: true },
      en: { origin: 'machine', held: true, published: false, live: false, state: 'needs_review' },
    })
    t.same(post.languages, ['nl'], 'the English is not on the site')
    const reviewed = (await call('POST', `/api/blog/${id}/translations/en/review`)).json()
    t.same(reviewed.languages, ['nl', 'en'], 'a review puts it on')
  },
)
