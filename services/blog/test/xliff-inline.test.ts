// @tier unit
// The XLIFF inline codes (issue 47 #6): a stored body exported as <pc>/<ph> codes and read back
// through the same codes gives the stored body again, for ordinary posts and for every payload of
// the XSS corpus after sanitizing; the XML is well-formed whatever the text holds.
import t from 'tap'
import { Types } from 'mongoose'
import { DOMParser, type Element } from '@xmldom/xmldom'
import { sanitizePostHtml } from '../src/lib/sanitize.js'
import { exportXliff, XLIFF_NS } from '../src/translations/xliff-export.js'
import { htmlToInline, inlineToHtml, type XmlNodeLike } from '../src/translations/inline.js'
import type { PostDoc } from '../src/models/post.js'
import { payloads } from './xss-corpus.js'

const bodies = [
  '<h2>Kop</h2>\n<p>Tekst met <strong>vet</strong> <em>en schuin</em> &amp; een <a href="https://example.com/?a=1&amp;b=2" title="x &quot;y&quot;">link</a>.<br />Regel twee.</p>',
  '<ul><li>Een</li><li>Twee <code>&lt;tag&gt;</code></li></ul>\n<table><tbody><tr><td><p>Cel</p></td></tr></tbody></table>',
  '<p><img src="/media/a.png" alt="Schets &amp; plan" /></p>\n<blockquote><p>Citaat</p></blockquote>',
  '<p>Tekens: &lt; &gt; " \' ]]&gt; \u00a0 — ü 😀</p>',
  ...payloads.map((p) => `<p>${p}</p>`),
]

const strict = (xml: string) =>
  new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message)
    },
  }).parseFromString(xml, 'text/xml')

t.test('export → read back through the stored codes gives the stored body', async (t) => {
  for (const raw of bodies) {
    const stored = sanitizePostHtml(raw)
    if (!stored) continue
    const post = {
      _id: new Types.ObjectId(),
      slug: 's',
      title_nl: 'Titel',
      content_nl: stored,
      untranslated: [],
    } as unknown as PostDoc
    const doc = strict(exportXliff([post], 'nl', 'de'))
    const unit = Array.from(doc.getElementsByTagNameNS(XLIFF_NS, 'unit')).find((u) =>
      u.getAttribute('id')!.startsWith('content.'),
    ) as Element
    const source = unit.getElementsByTagNameNS(XLIFF_NS, 'source')[0]!
    const codes = htmlToInline(stored).codes
    const inXml =
      source.getElementsByTagNameNS(XLIFF_NS, 'pc').length +
      source.getElementsByTagNameNS(XLIFF_NS, 'ph').length
    t.equal(inXml, codes.size, 'every element is an inline code, none travels as text')
    const back = inlineToHtml(source.childNodes as unknown as ArrayLike<XmlNodeLike>, codes)
    t.equal(sanitizePostHtml(back), stored, raw.slice(0, 60))
  }
})

t.test('the codes are numbered in document order, the same every time', async (t) => {
  const { codes } = htmlToInline('<p>a <strong>b</strong><br />c</p>')
  t.same(
    [...codes.entries()].map(([id, c]) => `${id}:${c.open}:${c.close}`),
    ['1:<p>:</p>', '2:<strong>:</strong>', '3:<br>:null'],
  )
})
