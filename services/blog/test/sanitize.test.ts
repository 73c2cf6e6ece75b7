import t, { type Test } from 'tap'
import { sanitizePostHtml } from '../src/lib/sanitize.js'
import { setup } from './helpers.js'

// A list in the spirit of the OWASP XSS filter evasion cheat sheet.
const payloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img srcset="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<p onclick="alert(1)" onmouseover="alert(1)">hi</p>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>@import "javascript:alert(1)";</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<video><source onerror="alert(1)"></video>',
  '<a href="https://ok.example" onmouseover="alert(1)">x</a>',
  '"><script>alert(1)</script>',
  '<img """><script>alert(1)</script>">',
]

function assertSafe(t: Test, html: string, payload: string) {
  const decoded = html.replace(/&#x?([0-9a-f]+);?/gi, (_m, n: string) => String.fromCharCode(parseInt(n, /^\d+$/.test(n) ? 10 : 16)))
  t.notMatch(html, /<\s*(script|iframe|svg|math|object|embed|form|input|style|meta|base|link|body|template|video|source)\b/i, `no dangerous tag: ${payload}`)
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
  for (const frag of ['<h2>Title</h2>', '<strong>bold</strong>', '<code class="language-ts">', '<ol start="3">', '<blockquote>', '<img src="https://example.com/a.png" alt="A" />', '<td colspan="2">', 'href="mailto:a@b.nl"', 'href="/blog/x"']) {
    t.ok(out.includes(frag), `keeps ${frag}`)
  }
  t.match(out, /<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer">/)
})

t.test('ids only as Word notes use them', async (t) => {
  const notes = '<p>Ouch<sup><a href="#endnote-2" id="endnote-ref-2">[1]</a></sup></p><ol><li id="endnote-2">Fin <a href="#endnote-ref-2">↑</a></li></ol>'
  t.equal(sanitizePostHtml(notes), notes)
  t.equal(sanitizePostHtml('<a id="cookie" href="#x">x</a><li id="location">y</li><p id="footnote-1">z</p>'), '<a href="#x">x</a><li>y</li><p>z</p>')
})

t.test('every write through the API is sanitized', async (t) => {
  const s = await setup()
  t.teardown(() => s.close())
  const content = payloads.join('\n<p>between</p>\n')
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/blog',
    headers: s.admin,
    payload: { title_nl: '<script>alert(1)</script>Titel', title_en: '<img src=x onerror=alert(1)>Title', excerpt_nl: '<b>k</b>', excerpt_en: 'e', content_nl: content, content_en: content },
  })
  t.equal(res.statusCode, 201)
  const post = res.json()
  t.equal(post.title_nl, 'Titel')
  t.equal(post.title_en, 'Title')
  t.equal(post.excerpt_nl, 'k')
  assertSafe(t, post.content_nl, 'create')
  const upd = await s.app.inject({ method: 'PUT', url: `/api/blog/${post.id}`, headers: s.admin, payload: { content_en: content } })
  assertSafe(t, upd.json().content_en, 'update')
  t.match(upd.json().content_en, /<p>between<\/p>/)
})
