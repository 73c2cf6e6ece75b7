// @tier unit
// Small wording of the admin (issue 49 #8 and #14) and the editor's link addresses, checked where
// they are written: "1 responsive size" in the singular, a cleared schedule named as such in
// History, and only link addresses the site's sanitizer keeps.
import t from 'tap'
import { media } from '../../src/features/admin/texts/media.ts'
import { history } from '../../src/features/admin/texts/editorial.ts'
import { normalizeHref } from '../../src/features/admin/components/editor/links.ts'

t.test('the responsive sizes of a media item, singular and plural', async (t) => {
  t.equal(media.variants(1), '1 responsive size')
  t.equal(media.variants(4), '4 responsive sizes')
  t.equal(media.variants(0), 'Responsive sizes are being made')
})

t.test("History's actions: clearing a schedule is not setting one", async (t) => {
  t.equal(history.actions.schedule, 'scheduled')
  t.equal(history.actions.unschedule, 'schedule cleared')
})

t.test('link addresses: the schemes the sanitizer keeps; a bare domain gets https', async (t) => {
  t.equal(normalizeHref(' /contact '), '/contact')
  t.equal(normalizeHref('https://example.com/a?b=1'), 'https://example.com/a?b=1')
  t.equal(normalizeHref('mailto:info@example.com'), 'mailto:info@example.com')
  t.equal(normalizeHref('#footnote-1'), '#footnote-1')
  t.equal(normalizeHref('example.com/pricing'), 'https://example.com/pricing')
  t.equal(normalizeHref(''), '', 'empty removes the link')
  for (const bad of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'ftp://x.example'])
    t.equal(normalizeHref(bad), null, `refused: ${bad}`)
})
