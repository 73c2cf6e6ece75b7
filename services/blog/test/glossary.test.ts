// @tier services
// Issue 47 #5: the glossary and formality, stored by the blog, used by every machine translation
// (the prompt through the OpenAI-protocol double; the offline path keeps terms as written) and
// checked after it (a never-translate term that came out translated is flagged on the post).
import t from 'tap'
import { createTestSession } from '@site/service-kit/testing'
import { blogApp, multipart, startFakeLlm, translatorReply, type LlmCall, type LlmReply } from './helpers.js'

let mode: (call: LlmCall, n: number) => LlmReply = translatorReply
const llm = await startFakeLlm((call, n) => mode(call, n))
const s = await blogApp({ ...llm.env, BLOG_TRANSLATE_DE: 'true', BLOG_UPLOAD_WAIT_MS: '40000' })
await s.startWorker()
const offline = await blogApp({ BLOG_UPLOAD_WAIT_MS: '30000' })
await offline.startWorker()
t.teardown(async () => {
  await s.close()
  await offline.close()
  await llm.close()
})

const glossary = {
  never_translate: ['Acme Flow', 'SiteBot', 'Zapier'],
  fixed: [{ from: 'nl', to: 'de', source: 'offerte', target: 'Angebot' }],
  formality: { nl: 'informal', de: 'formal' },
}
const put = (h: { app: typeof s.app; admin: Record<string, string> }, body: unknown, headers = h.admin) =>
  h.app.inject({ method: 'PUT', url: '/api/blog/glossary', headers, payload: body as object })
const upload = (h: typeof s, text: string) => {
  const body = multipart(
    { sourceLanguage: 'nl' },
    { name: 'post.txt', type: 'text/plain', data: Buffer.from(text) },
  )
  return h.app.inject({
    method: 'POST',
    url: '/api/blog/upload',
    headers: { ...h.admin, ...body.headers },
    payload: body.payload,
  })
}

t.test('glossary: empty at first, saved whole, audited, validated with clear 400s', async (t) => {
  const first = await s.app.inject({ url: '/api/blog/glossary', headers: s.admin })
  t.equal(first.statusCode, 200)
  t.same(first.json(), {
    never_translate: [],
    fixed: [],
    formality: { nl: null, de: null },
    updated_at: null,
  })
  t.equal((await s.app.inject({ url: '/api/blog/glossary' })).statusCode, 401, 'admins only')

  const saved = await put(s, { ...glossary, never_translate: ['  Acme Flow ', 'SiteBot', 'Zapier'] })
  t.equal(saved.statusCode, 200)
  t.same(saved.json().never_translate, ['Acme Flow', 'SiteBot', 'Zapier'], 'terms trimmed')
  t.same(saved.json().formality, { nl: 'informal', de: 'formal' })
  t.same((await s.app.inject({ url: '/api/blog/glossary', headers: s.admin })).json().fixed, glossary.fixed)

  const records = await s.app.changes.log.model.find({ kind: 'glossary' }).lean()
  t.equal(records.length, 1, 'one change record')
  t.equal(records[0]!.actor_name, 'editor')
  t.match(
    records[0]!.snapshot,
    { never_translate: ['Acme Flow', 'SiteBot', 'Zapier'] },
    'the glossary as saved',
  )

  const bad = async (body: object, re: RegExp, code: string) => {
    const res = await put(s, { ...glossary, ...body })
    t.equal(res.statusCode, 400, String(re))
    t.match(res.json(), { message: re, code })
  }
  await bad({ never_translate: ['SiteBot', 'sitebot'] }, /"sitebot" is listed twice/, 'GLOSSARY_DUPLICATE')
  await bad(
    { never_translate: ['<b></b>'] },
    /Never translate, entry 1: the term is empty/,
    'GLOSSARY_INVALID',
  )
  await bad(
    { fixed: [{ from: 'de', to: 'de', source: 'a', target: 'b' }] },
    /the two languages must differ/,
    'GLOSSARY_INVALID',
  )
  await bad(
    { fixed: [{ from: 'nl', to: 'de', source: 'SiteBot', target: 'Seitenbot' }] },
    /cannot be both "never translate" and translated/,
    'GLOSSARY_CONFLICT',
  )
  const schema = await put(s, { ...glossary, formality: { nl: 'polite', de: null } })
  t.equal(schema.statusCode, 400, 'an unknown formality is refused by the schema')
  const extra = await put(s, { ...glossary, colour: 'red' })
  t.equal(extra.statusCode, 400, 'an unknown key is refused')
  t.same(
    (await s.app.inject({ url: '/api/blog/glossary', headers: s.admin })).json().never_translate,
    ['Acme Flow', 'SiteBot', 'Zapier'],
    'a refused save changes nothing',
  )

  const tess = {
    cookie: (
      await createTestSession(s.env, { id: 't1', username: 'tess', role: 'translator', languages: ['de'] })
    ).cookie,
    'x-requested-with': 'XMLHttpRequest',
  }
  t.equal(
    (await s.app.inject({ url: '/api/blog/glossary', headers: tess })).statusCode,
    200,
    'a translator reads it',
  )
  t.equal((await put(s, glossary, tess)).statusCode, 403, 'and does not change it')
})

t.test('a machine translation gets the glossary and formality; a translated term is flagged', async (t) => {
  await put(s, glossary)
  llm.calls.length = 0
  // The model translates "Acme Flow" into German and ignores the fixed "offerte" → "Angebot".
  mode = (call) => {
    const r = translatorReply(call)
    return /to German/.test(call.system) && r.content
      ? { content: r.content.replace(/Acme Flow/g, 'Acme Fluss').replace(/offerte/g, 'Kostenvoranschlag') }
      : r
  }
  const res = await upload(
    s,
    'Werken met Acme Flow\n\nVraag een offerte aan voor Acme Flow. SiteBot helpt je daarbij.\n\nTweede alinea zonder termen.',
  )
  mode = translatorReply
  t.equal(res.statusCode, 200)
  const p = res.json().blogPost
  const german = llm.calls.filter((c) => /to German/.test(c.system))
  const english = llm.calls.filter((c) => /to English/.test(c.system))
  t.ok(german.length >= 2 && english.length >= 2)
  t.ok(
    german.every((c) => /Address the reader formally in German: "Sie"/.test(c.system)),
    'German: Sie',
  )
  t.ok(
    english.every((c) => !/Address the reader/.test(c.system)),
    'English has no formality',
  )
  const body = german.find((c) => c.user.includes('{"html"'))!
  t.match(body.user, /never translate these terms, keep them exactly as written: "Acme Flow", "SiteBot"/)
  t.match(body.user, /always translate these terms as given: "offerte" → "Angebot"/)
  const title = german.find((c) => c.user.includes('{"title"'))!
  t.match(title.user, /"Acme Flow", "SiteBot"/, 'the title call names the terms it contains')
  t.ok(
    llm.calls.every((c) => !c.user.includes('Zapier')),
    'only the entries present in the text',
  )
  t.ok(
    english.every((c) => !c.user.includes('always translate')),
    'nl→de entries only go to German',
  )

  t.match(p.content_en, /Acme Flow/)
  t.same(
    p.glossary_issues
      .map((i: { field: string; term: string; kind: string }) => `${i.field}:${i.kind}:${i.term}`)
      .sort(),
    [
      'content_de:fixed:offerte',
      'content_de:translated:Acme Flow',
      'excerpt_de:fixed:offerte',
      'excerpt_de:translated:Acme Flow',
      'title_de:translated:Acme Flow',
    ],
    'flagged per field; SiteBot came through and English kept everything',
  )
  t.match(
    p.glossary_issues.find((i: { kind: string }) => i.kind === 'fixed'),
    { lang: 'de', expected: 'Angebot' },
  )

  // An edit of the field is the review: its flags go, the others stay.
  const edit = await s.app.inject({
    method: 'PUT',
    url: `/api/blog/${p.id}`,
    headers: s.admin,
    payload: { content_de: '<p>Fordern Sie ein Angebot für Acme Flow an.</p>' },
  })
  t.equal(edit.statusCode, 200)
  t.same(
    edit
      .json()
      .glossary_issues.map((i: { field: string }) => i.field)
      .sort(),
    ['excerpt_de', 'excerpt_de', 'title_de'],
  )
  const approve = await s.app.inject({
    method: 'PUT',
    url: `/api/blog/${p.id}`,
    headers: s.admin,
    payload: { reviewed: ['title_de', 'excerpt_de'] },
  })
  t.same(approve.json().glossary_issues, [], 'approving the fields clears their flags too')
})

t.test('the title translation in the editor follows the glossary too', async (t) => {
  llm.calls.length = 0
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/blog/translate-title',
    headers: s.admin,
    payload: { title: 'SiteBot maakt je offerte', sourceLanguage: 'nl' },
  })
  t.equal(res.statusCode, 200)
  t.match(llm.calls[0]!.user, /keep them exactly as written: "SiteBot"/)
})

t.test('offline (no model): the text keeps glossary terms exactly as written', async (t) => {
  t.equal((await put(offline, glossary)).statusCode, 200)
  const res = await upload(
    offline,
    'Acme Flow voor jou\n\nVraag een offerte aan. SiteBot en Acme Flow helpen.',
  )
  t.equal(res.statusCode, 200)
  const p = res.json().blogPost
  t.match(p.title_en, /^Acme Flow voor jou$/)
  t.match(p.content_en, /SiteBot en Acme Flow helpen/)
  t.same(p.untranslated.sort(), ['content_en', 'excerpt_en', 'title_en'])
  t.same(p.glossary_issues, [], 'nothing was translated, so nothing is flagged')
})
