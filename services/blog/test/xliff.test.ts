// @tier services
// Issue 47 #6: XLIFF 2.0 for translation agencies. The export carries each post's source and
// current target, one unit per field, HTML bodies as inline codes and the source's hash in the
// unit id; a file filled in as a translator would imports back as a person's edit, unit by unit,
// refusing only the units whose source changed since the export; a malformed file is a 400 naming the line.
import t from 'tap'
import { DOMParser, XMLSerializer, type Element } from '@xmldom/xmldom'
import { createTestSession } from '@site/service-kit/testing'
import { blogApp, multipart } from './helpers.js'

const s = await blogApp()
t.teardown(() => s.close())
const NS = 'urn:oasis:names:tc:xliff:document:2.0'

const body =
  '<h2>Snel starten</h2>\n<p>Wij bouwen <strong>snel</strong> <em>en eerlijk</em>.<br />Lees meer op ' +
  '<a href="https://example.com/x?a=1&amp;b=2">onze site</a> &amp; bel ons.</p>\n<p><img src="/media/a.png" alt="schets" /></p>'
const create = async (title: string, content: string) => {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/blog',
    headers: s.admin,
    payload: {
      title_nl: title,
      title_en: `${title} (en)`,
      excerpt_nl: `Samenvatting van ${title}`,
      excerpt_en: 'Summary',
      content_nl: content,
      content_en: '<p>English</p>',
    },
  })
  if (res.statusCode !== 201) throw new Error(`post not created: ${res.body}`)
  return res.json() as { id: string; content_nl: string }
}
const a = await create('Eerste bericht', body)
const b = await create('Tweede bericht', '<p>Alleen <strong>tekst</strong>.</p>')

const strict = (xml: string) =>
  new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message)
    },
  }).parseFromString(xml, 'text/xml')
const exportFor = (ids: string[], target = 'de', headers = s.admin) =>
  s.app.inject({ url: `/api/translations/xliff?target=${target}&ids=${ids.join(',')}`, headers })
const importFile = (xml: string, headers: Record<string, string> = s.admin) => {
  const form = multipart({}, { name: 'posts.xlf', type: 'application/xliff+xml', data: Buffer.from(xml) })
  return s.app.inject({
    method: 'POST',
    url: '/api/translations/xliff',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  })
}
const byTag = (el: Element, name: string) => Array.from(el.getElementsByTagNameNS(NS, name))

/** What a translator's tool does: every segment gets a target, its text translated, its codes kept. */
function translate(xml: string): string {
  const doc = strict(xml)
  for (const segment of byTag(doc.documentElement!, 'segment')) {
    for (const old of byTag(segment, 'target')) segment.removeChild(old)
    const source = byTag(segment, 'source')[0]!
    const target = doc.createElementNS(NS, 'target')
    for (const n of Array.from(source.childNodes)) target.appendChild(n.cloneNode(true))
    const mark = (el: Element) => {
      for (const n of Array.from(el.childNodes)) {
        if (n.nodeType === 3) n.nodeValue = n.nodeValue!.replace(/(\S)(\s*)$/, '$1 [de]$2')
        if (n.nodeType === 1) mark(n as Element)
      }
    }
    mark(target)
    segment.appendChild(target)
    segment.setAttribute('state', 'translated')
  }
  return new XMLSerializer().serializeToString(doc)
}

let exported = ''
t.test('export: XLIFF 2.0, one file per post, one unit per field, HTML as inline codes', async (t) => {
  const res = await exportFor([a.id, b.id])
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^application\/xliff\+xml/)
  t.match(res.headers['content-disposition'], /attachment; filename="posts-2\.nl-de\.xlf"/)
  exported = res.body
  const doc = strict(exported) // well-formed: the strict parser throws otherwise
  const root = doc.documentElement!
  t.match(
    {
      ns: root.namespaceURI,
      version: root.getAttribute('version'),
      src: root.getAttribute('srcLang'),
      trg: root.getAttribute('trgLang'),
    },
    { ns: NS, version: '2.0', src: 'nl', trg: 'de' },
  )
  const files = byTag(root, 'file')
  t.same(
    files.map((f) => f.getAttribute('id')),
    [a.id, b.id],
  )
  const units = byTag(files[0]!, 'unit')
  t.same(
    units.map((u) => u.getAttribute('id')!.replace(/\.[0-9a-f]{16}$/, '.HASH')),
    ['title.HASH', 'excerpt.HASH', 'content.HASH'],
  )
  t.ok(byTag(root, 'target').length === 0, 'no German yet: no targets')
  const content = byTag(units[2]!, 'source')[0]!
  t.equal(content.textContent!.includes('<'), false, 'no tag travels as escaped text')
  const codes = [...byTag(content, 'pc'), ...byTag(content, 'ph')].map(
    (e) => `${e.localName}:${e.getAttribute('dispStart') ?? e.getAttribute('disp')}`,
  )
  t.same(codes.sort(), [
    'pc:<a href="https://example.com/x?a=1&amp;b=2">',
    'pc:<em>',
    'pc:<h2>',
    'pc:<p>',
    'pc:<p>',
    'pc:<strong>',
    'ph:<br>',
    'ph:<img src="/media/a.png" alt="schets">',
  ])
  t.match(
    exported,
    /<pc id="3" type="fmt" dispStart="&lt;strong&gt;" dispEnd="&lt;\/strong&gt;">snel<\/pc> <pc id="4"/,
    'the space between two codes is kept',
  )
  t.match(exported, /&amp; bel ons\./)

  const en = await exportFor([a.id], 'en')
  t.match(en.body, /<target>Eerste bericht \(en\)<\/target>/, 'the current target goes along')
  t.equal((await exportFor([a.id], 'nl')).statusCode, 400, 'into its own language: 400')
  t.equal((await exportFor(['0123456789abcdef01234567'])).statusCode, 404)
  t.equal((await exportFor([a.id], 'fr')).statusCode, 400)
  t.equal((await s.app.inject({ url: `/api/translations/xliff?target=de&ids=${a.id}` })).statusCode, 401)
})

t.test('a file filled in by a translator imports back as a person’s edit', async (t) => {
  const res = await importFile(translate(exported))
  t.equal(res.statusCode, 200)
  const result = res.json()
  t.equal(result.target, 'de')
  t.same(result.refused, [])
  t.same(
    result.applied.map((u: { field: string }) => u.field),
    ['title_de', 'excerpt_de', 'content_de', 'title_de', 'excerpt_de', 'content_de'],
  )
  const post = (await s.app.inject({ url: `/api/blog/${a.id}`, headers: s.admin })).json()
  t.equal(post.title_de, 'Eerste bericht [de]')
  t.equal(
    post.content_de,
    '<h2>Snel starten [de]</h2>\n<p>Wij bouwen [de] <strong>snel [de]</strong> <em>en eerlijk [de]</em>. [de]<br />Lees meer op [de] ' +
      '<a href="https://example.com/x?a=1&amp;b=2">onze site [de]</a> &amp; bel ons. [de]</p>\n<p><img src="/media/a.png" alt="schets" /></p>',
    'the tags come back from the stored source, the text from the file',
  )
  const records = await s.app.changes.log.model
    .find({ kind: 'post', target_id: a.id, action: 'update' })
    .lean()
  t.equal(records.length, 1, 'recorded like an edit in the editor, with its revision')
  t.ok(records[0]!.fields.includes('content_de'))
  t.equal(records[0]!.actor_name, 'editor')
  t.match(post.translations.de, { origin: 'human', source_lang: 'nl', stale: false }, 'a person’s German now')
})

t.test('after a source edit the same file is refused for the changed unit only', async (t) => {
  const edit = await s.app.inject({
    method: 'PUT',
    url: `/api/blog/${a.id}`,
    headers: s.admin,
    payload: { content_nl: body.replace('onze site', 'onze website') },
  })
  t.equal(edit.statusCode, 200)
  const res = await importFile(translate(exported))
  t.equal(res.statusCode, 200)
  const { applied, refused } = res.json()
  t.equal(applied.length, 5)
  t.equal(refused.length, 1)
  t.match(refused[0], {
    post: a.id,
    unit: /^content\./,
    code: 'SOURCE_CHANGED',
    reason: /source text changed since the export.*\(line \d+\)/,
  })
  const post = (await s.app.inject({ url: `/api/blog/${a.id}`, headers: s.admin })).json()
  t.equal(post.translations.de.stale, true, 'the German stays stale: its changed body was refused')
})

t.test('units the store cannot take are refused one by one, with the reason', async (t) => {
  const fresh = (await exportFor([b.id])).body
  const filled = translate(fresh)
    .replace(/(<unit id="title[^>]*>[\s\S]*?<target>)[^<]*/, '$1')
    .replace(/<target><pc id="1"/, '<target><pc id="9"')
  const res = await importFile(filled)
  t.equal(res.statusCode, 200)
  t.same(
    res
      .json()
      .refused.map((u: { code: string }) => u.code)
      .sort(),
    ['INLINE_CODE', 'NO_TARGET'],
  )
  t.match(
    res.json().refused.find((u: { code: string }) => u.code === 'INLINE_CODE').reason,
    /inline code 9 is not in the source/,
  )
  const foreign = fresh.replace(/<unit id="excerpt\.[0-9a-f]+"/, '<unit id="summary.0000000000000000"')
  t.match((await importFile(translate(foreign))).json().refused, [{ code: 'UNKNOWN_UNIT' }])
})

t.test('a malformed file is a 400 naming the line', async (t) => {
  const lines = exported.split('\n')
  lines[5] = lines[5]!.replace('</source>', '</sauce>')
  const res = await importFile(lines.join('\n'))
  t.equal(res.statusCode, 400)
  t.match(res.json(), { code: 'XLIFF_MALFORMED', message: /not well-formed XML at line 6/ })
  const notXliff = await importFile('<?xml version="1.0"?>\n<html><body/></html>')
  t.equal(notXliff.statusCode, 400)
  t.match(notXliff.json().message, /not an XLIFF 2 file \(line 2\)/)
  t.equal((await importFile('')).statusCode, 400)
})

t.test('a translator imports only into their languages', async (t) => {
  const session = async (languages: string[]) => ({
    cookie: (
      await createTestSession(s.env, {
        id: `t-${languages[0]}`,
        username: 'tess',
        role: 'translator',
        languages,
      })
    ).cookie,
    'x-requested-with': 'XMLHttpRequest',
  })
  const fresh = translate((await exportFor([b.id])).body)
  t.equal((await importFile(fresh, await session(['en']))).statusCode, 403)
  t.equal((await importFile(fresh, await session(['de']))).statusCode, 200)
  t.equal((await exportFor([b.id], 'de', await session(['de']))).statusCode, 200, 'and exports')
})
