// @tier unit
// A page view from the request alone (issue 48): device class, referrer domain, UTM tags, language,
// which paths count, and the visitor's daily hash, which GPC/DNT leave out.
import t from 'tap'
import {
  deviceClass,
  isCountedPath,
  isPostPath,
  optedOut,
  pathLanguage,
  referrerDomain,
  utm,
  visitorHash,
} from '../src/analytics/hit.js'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

t.test('device class from the user agent, bots apart', async (t) => {
  t.equal(deviceClass(DESKTOP), 'desktop')
  t.equal(deviceClass(IPHONE), 'mobile')
  t.equal(deviceClass(ANDROID_PHONE), 'mobile')
  t.equal(deviceClass(IPAD), 'tablet')
  t.equal(deviceClass(ANDROID_TABLET), 'tablet')
  t.equal(deviceClass(GOOGLEBOT), 'bot')
  t.equal(deviceClass('curl/8.5.0'), 'bot')
  t.equal(deviceClass(''), 'bot', 'no user agent at all is no browser')
  t.equal(deviceClass(undefined), 'bot')
})

t.test('referrer domain: external sites only, www. dropped', async (t) => {
  t.equal(referrerDomain('https://www.google.com/search?q=x', 'example.nl'), 'google.com')
  t.equal(referrerDomain('https://news.ycombinator.com/item?id=1', 'example.nl'), 'news.ycombinator.com')
  t.equal(referrerDomain('https://example.nl/blog', 'example.nl'), null, 'internal')
  t.equal(referrerDomain('https://www.example.nl/blog', 'example.nl:8080'), null, 'internal, port and www')
  t.equal(referrerDomain('android-app://com.slack/', 'example.nl'), null, 'not http(s)')
  t.equal(referrerDomain('not a url', 'example.nl'), null)
  t.equal(referrerDomain(undefined, 'example.nl'), null, 'direct')
})

t.test('UTM tags: lower case, trimmed, bounded, absent as null', async (t) => {
  t.same(utm('utm_source=X&utm_medium=Email&utm_campaign=%20Spring%20'), {
    source: 'x',
    medium: 'email',
    campaign: 'spring',
  })
  t.same(utm(''), { source: null, medium: null, campaign: null })
  t.same(utm('utm_source='), { source: null, medium: null, campaign: null }, 'empty is absent')
  t.equal(utm(`utm_source=${'a'.repeat(500)}`).source!.length, 64)
  t.equal(utm('ref=newsletter').source, 'newsletter', 'a ref= link names its source too')
})

t.test('language from the path prefix; which paths are pages; posts', async (t) => {
  t.equal(pathLanguage('/'), 'nl')
  t.equal(pathLanguage('/blog/a'), 'nl')
  t.equal(pathLanguage('/en'), 'en')
  t.equal(pathLanguage('/de/blog/a'), 'de')
  t.equal(pathLanguage('/english'), 'nl')
  for (const path of ['/', '/en', '/blog', '/de/blog/a-post', '/projects', '/pages/about'])
    t.ok(isCountedPath(path), `${path} counts`)
  for (const path of ['/api/blog', '/objects/x', '/assets/app.js', '/favicon.svg', '/robots.txt', '/admin'])
    t.notOk(isCountedPath(path), `${path} does not`)
  t.notOk(isCountedPath('/en/admin/reset/token'), 'admin pages carry tokens')
  t.notOk(isCountedPath('/preview/blog/token'), 'previews carry tokens')
  t.ok(isPostPath('/blog/a-post'))
  t.ok(isPostPath('/en/blog/a-post'))
  t.notOk(isPostPath('/blog'))
  t.notOk(isPostPath('/pages/a'))
})

t.test('visitor hash: per day salt, address and agent; GPC and DNT opt out', async (t) => {
  const a = visitorHash('salt-1', '203.0.113.5', DESKTOP)
  t.match(a, /^[0-9a-f]{32}$/)
  t.equal(visitorHash('salt-1', '203.0.113.5', DESKTOP), a, 'the same visitor on the same day')
  t.not(visitorHash('salt-2', '203.0.113.5', DESKTOP), a, 'another day (salt): unlinkable')
  t.not(visitorHash('salt-1', '203.0.113.6', DESKTOP), a, 'another address')
  t.not(visitorHash('salt-1', '203.0.113.5', IPHONE), a, 'another browser')
  t.equal(
    visitorHash('s', '2001:db8:1:2:aaaa::1', DESKTOP),
    visitorHash('s', '2001:db8:1:2:bbbb::2', DESKTOP),
    'an IPv6 address by its /64',
  )
  t.ok(optedOut({ 'sec-gpc': '1' }))
  t.ok(optedOut({ dnt: '1' }))
  t.notOk(optedOut({ dnt: '0' }))
  t.notOk(optedOut({}))
})
