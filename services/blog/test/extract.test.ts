// @tier unit
// The Markdown extractor's front matter: YAML fields become the post's title, tags and excerpt;
// front matter written as code is refused and never run.
import t from 'tap'
import { mdToExtracted } from '../src/jobs/extract.js'
import { markdown } from './fixtures.js'

const rejection = (fn: () => unknown) => {
  try {
    fn()
    return null
  } catch (err) {
    return { status: (err as { statusCode?: number }).statusCode, message: (err as Error).message }
  }
}

t.test('YAML front matter names the title and tags; the rest is the body', async (t) => {
  const out = mdToExtracted(markdown)
  t.equal(out.title, 'Van idee naar prototype')
  t.same(out.tags, ['mvp', 'prototyping'])
  t.match(out.html, /^<h1>Een andere kop<\/h1>/, 'the body starts after the front matter')
  t.notMatch(out.html, /title:|---/, 'no front matter in the body')
})

t.test('keywords, comma lists, description, a byte order mark and CRLF line ends', async (t) => {
  const md =
    '\uFEFF---\r\ntitle: "  Hallo  "\r\nkeywords: ai, automation ,\r\ndescription: Kort\r\n---\r\nTekst\r\n'
  t.same(mdToExtracted(md), {
    html: '<p>Tekst</p>\n',
    title: 'Hallo',
    tags: ['ai', 'automation'],
    excerpt: 'Kort',
  })
  t.same(
    mdToExtracted('---yaml\nexcerpt: Samenvatting\ntags: [a]\n---\nX').excerpt,
    'Samenvatting',
    'a named yaml language',
  )
  t.same(mdToExtracted('---json\n{"title": "Json"}\n---\nX').title, 'Json', 'JSON front matter, as before')
})

t.test('no front matter, an empty one, or a rule that is not one', async (t) => {
  t.same(mdToExtracted('# Kop\n\nTekst'), { html: '<h1>Kop</h1>\n<p>Tekst</p>\n' })
  t.same(mdToExtracted('---\n# only a comment\n---\nTekst'), { html: '<p>Tekst</p>\n' })
  t.same(mdToExtracted('----\n\nTekst').title, undefined, 'four dashes are a rule, not front matter')
  t.same(
    mdToExtracted('---\n- a\n- b\n---\nTekst'),
    { html: '<p>Tekst</p>\n' },
    'a list is not a set of fields',
  )
  t.same(mdToExtracted('---\ntitle: 2024-01-01\n---\nX').title, '2024-01-01', 'a date-like title stays text')
})

t.test('front matter written as code is refused and never evaluated', async (t) => {
  const g = globalThis as { frontMatterRan?: boolean }
  for (const lang of ['js', 'javascript', 'JS', 'coffee']) {
    const md = `---${lang}\n{ title: (globalThis.frontMatterRan = true, "x") }\n---\nTekst`
    t.same(
      rejection(() => mdToExtracted(md)),
      { status: 422, message: 'Front matter with code is not accepted; use YAML front matter.' },
      lang,
    )
  }
  // A YAML tag that other loaders turn into a function is refused.
  const tagged = '---\ntitle: !!js/function "function () { globalThis.frontMatterRan = true }"\n---\nX'
  t.same(
    rejection(() => mdToExtracted(tagged)),
    { status: 422, message: 'The front matter of this Markdown file is not valid YAML.' },
  )
  t.equal(g.frontMatterRan, undefined, 'nothing ran')
})

t.test('front matter that is not valid YAML is a 422 naming the problem', async (t) => {
  const invalid = { status: 422, message: 'The front matter of this Markdown file is not valid YAML.' }
  t.same(
    rejection(() => mdToExtracted('---\ntitle: [unclosed\n---\nX')),
    invalid,
  )
  t.same(
    rejection(() => mdToExtracted('---\ntitle: a\ntitle: b\n---\nX')),
    invalid,
    'a key twice',
  )
  t.same(
    rejection(() => mdToExtracted('---toml\ntitle = "x"\n---\nX')),
    invalid,
    'another language',
  )
  const bomb = [
    'a: &a [x,x,x,x,x,x,x,x,x,x]',
    ...Array.from(
      { length: 8 },
      (_v, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(10).fill(`*${'abcdefgh'[i]}`).join(',')}]`,
    ),
  ].join('\n')
  t.same(
    rejection(() => mdToExtracted(`---\n${bomb}\n---\nX`)),
    invalid,
    'an alias bomb is refused, not expanded',
  )
})
