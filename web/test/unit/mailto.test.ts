// @tier unit
// The admin inbox's mail links are built with the address encoded, so a stored address
// (an old one, from before the strict check) can never add a Cc, a subject or a body to the mail.
import t from 'tap'
import { mailtoHref } from '../../src/lib/mailto.ts'

t.test('a plain address stays readable', async (t) => {
  t.equal(mailtoHref('jan@example.nl'), 'mailto:jan@example.nl')
  t.equal(mailtoHref('first.last+tag@example.com'), 'mailto:first.last%2Btag@example.com')
})

t.test('URI delimiters in an address are encoded, never parameters', async (t) => {
  const href = mailtoHref('a?cc=attacker%40evil.example&subject=x@example.com')
  t.equal(href, 'mailto:a%3Fcc%3Dattacker%2540evil.example%26subject%3Dx@example.com')
  const url = new URL(href)
  t.equal(url.search, '', 'no query: no cc, subject or body header')
  t.equal(
    decodeURIComponent(url.pathname),
    'a?cc=attacker%40evil.example&subject=x@example.com',
    'the address itself, decoded',
  )
  for (const hostile of ['a#b@example.com', 'a@example.com?body=hi', 'a b@example.com', 'a@b@example.com']) {
    t.equal(new URL(mailtoHref(hostile)).search, '', hostile)
    t.equal(new URL(mailtoHref(hostile)).hash, '', hostile)
  }
})
