// @tier services
import t, { type Test } from 'tap'
import { sanitizePostHtml } from '../src/lib/sanitize.js'
import { blogApp } from './helpers.js'
import { payloads } from './xss-corpus.js'

function assertSafe(t: Test, html: string, payload: string) {
  const decoded = html.replace(/&#x?([0-9a-f]+);?/gi, (_m, n: string) =>
    String.fromCharCode(parseInt(n, /^\d+$/.test(n) ? 10 : 16)),
  )
  t.notMatch(
    html,
    /<\s*(script|iframe|svg|math|object|embed|form|input|style|meta|base|link|body|template|video|source)\b/i,
    `no dangerous tag: ${payload}`,
  )
  t.notMatch(html, /\son[a-z]+\s*=/i, `no event handler: ${payload}`)
  t.notMatch(decoded.replace(/\s/g, ''), /(javascript|vbscript|data):/i, `no script URL: ${payload}`)
  t.notMatch(html, /href="\/\//, `no protocol-relative link: ${payload}`)
}

t.test('no payload survives the sanitizer', async (t) => {
  for (const p of payloads) assertSafe(t, sanitizePostHtml(p), p)
})

t.test('the allow-list keeps what a post needs', async (t) => {
  const html = [
    '<h2>Title</h2><p>Text with <strong>bold</strong>, <em>em</em> and <code>code</code>.</p>',
    '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>quote</blockquote>',
    '<pre><code class="language-ts">let x = 1</code></pre>',
    '<a href="https://example.com" target="_blank">link</a> <a href="mailto:a@b.nl">mail</a> <a href="/blog/x">local</a>',
    '<img src="https://example.com/a.png" alt="A">',
    '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>',
  ].join('')
  const out = sanitizePostHtml(html)
  for (const frag of [
    '<h2>Title</h2>',
    '<strong>bold</strong>',
    '<code class="language-ts">',
    '<ol start="3">',
    '<blockquote>',
    '<img src="https://example.com/a.png" alt="A" />',
    '<td colspan="2">',
    'href="mailto:a@b.nl"',
    'href="/blog/x"',
  ]) {
    t.ok(out.includes(frag), `keeps ${frag}`)
  }
  t.match(out, /<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer">/)
})

t.test('ids only as Word notes use them', async (t) => {
  const notes =
    '<p>Ouch<sup><a href="#endnote-2" id="endnote-ref-2">[1]</a></sup></p><ol><li id="endnote-2">Fin <a href="#endnote-ref-2">↑</a></li></ol>'
  t.equal(sanitizePostHtml(notes), notes)
  t.equal(
    sanitizePostHtml('<a id="cookie" href="#x">x</a><li id="location">y</li><p id="footnote-1">z</p>'),
    '<a href="#x">x</a><li>y</li><p>z</p>',
  )
})

t.test('every write through the API is sanitized', async (t) => {
  const s = await blogApp()
  t.teardown(() => s.close())
  const content = payloads.join('\n<p>between</p>\n')
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/blog',
    headers: s.admin,
    payload: {
      title_nl: '<script>alert(1)</script>Titel',
      title_en: '<img src=x onerror=alert(1)>Title',
      excerpt_nl: '<b>k</b>',
      excerpt_en: 'e',
      content_nl: content,
      content_en: content,
    },
  })
  t.equal(res.statusCode, 201)
  const post = res.json()
  t.equal(post.title_nl, 'Titel')
  t.equal(post.title_en, 'Title')
  t.equal(post.excerpt_nl, 'k')
  assertSafe(t, post.content_nl, 'create')
  const upd = await s.app.inject({
    method: 'PUT',
    url: `/api/blog/${post.id}`,
    headers: s.admin,
    payload: { content_en: content },
  })
  assertSafe(t, upd.json().content_en, 'update')
  t.match(upd.json().content_en, /<p>between<\/p>/)
})
