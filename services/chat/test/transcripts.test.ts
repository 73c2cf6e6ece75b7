// @tier services
// Transcripts (issue 33): each answer carries a messageId the visitor can rate; the admin reads,
// searches and erases conversations, each with its pages, modes, sources and ratings.
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { createLimits } from '../src/plugins/limits.js'
import { turnModel } from '../src/models/turn.js'
import { ask, chat, fakeSite, newSessionId } from './helpers.js'

const site = await fakeSite()
t.teardown(() => site.close())
const h = await testApp(chat(site.url, { CHAT_FEEDBACK_PER_MINUTE: '12' }))
t.teardown(() => h.close())
const { app } = h

const rate = (body: unknown, ip?: string) => h.call('POST', '/api/chat/feedback', body, {}, ip)
const admin = (method: 'GET' | 'DELETE', url: string) => h.call(method, url, undefined, h.admin)

const visitor = newSessionId()
const first = await ask(app, 'Wat is jullie werkwijze?', {
  sessionId: visitor,
  page: '/blog/automatiseren-met-n8n',
})
const second = await ask(app, 'Hoe werkt het gratis MVP?', { sessionId: visitor, page: '/' })
const other = newSessionId()
const stranger = await ask(app, 'How do you work, what is your methodology?', {
  sessionId: other,
  language: 'en',
})

t.test('each answer carries a messageId; chat answers are private, no-store', async (t) => {
  for (const r of [first, second, stranger]) {
    t.equal(r.status, 200)
    t.match(r.body.messageId, /^[0-9a-f]{24}$/)
    t.equal(r.headers['cache-control'], 'private, no-store')
  }
  t.not(first.body.messageId, second.body.messageId)
  t.equal((await app.inject('/api/chat/status')).headers['cache-control'], 'private, no-store')
  const bad = await h.call('POST', '/api/chat', { message: 'hoi', sessionId: visitor, page: 'no-slash' })
  t.equal(bad.statusCode, 400, 'a page that is no path is refused')
  const long = await h.call('POST', '/api/chat', {
    message: 'hoi',
    sessionId: visitor,
    page: `/${'a'.repeat(300)}`,
  })
  t.equal(long.statusCode, 400, 'a page path over 300 characters is refused')
})

t.test(
  'POST /api/chat/feedback: validated, only an answer of the own session, a second rating replaces the first',
  async (t) => {
    const messageId = first.body.messageId
    for (const body of [
      {},
      { sessionId: visitor, messageId },
      { sessionId: visitor, messageId, helpful: 'yes' },
      { sessionId: visitor, messageId: 'abc', helpful: true },
      { sessionId: visitor, messageId: { $ne: '' }, helpful: true },
      { sessionId: 'session_x', messageId, helpful: true },
    ]) {
      const res = await rate(body)
      t.equal(res.statusCode, 400, JSON.stringify(body))
      t.equal(res.headers['cache-control'], 'private, no-store')
    }
    const foreign = await rate({ sessionId: other, messageId, helpful: true })
    t.equal(foreign.statusCode, 404, "another session's answer cannot be rated")
    t.equal(foreign.json().code, 'MESSAGE_NOT_FOUND')
    t.equal(
      (await rate({ sessionId: visitor, messageId: '0123456789abcdef01234567', helpful: true })).statusCode,
      404,
    )
    const question = await turnModel(app.db).findOne({ sessionId: visitor, role: 'user' }).lean()
    t.equal(
      (await rate({ sessionId: visitor, messageId: String(question!._id), helpful: true })).statusCode,
      404,
      'a question is no answer',
    )

    const down = await rate({ sessionId: visitor, messageId, helpful: false })
    t.equal(down.statusCode, 200)
    t.same(down.json(), { messageId, helpful: false })
    const up = await rate({ sessionId: visitor, messageId, helpful: true })
    t.same(up.json(), { messageId, helpful: true }, 'changed mind: the last rating counts')
    t.equal((await turnModel(app.db).findById(messageId).lean())?.helpful, true)
    t.equal(
      (await rate({ sessionId: visitor, messageId: second.body.messageId, helpful: false })).statusCode,
      200,
    )
  },
)

t.test('feedback is limited per client address (429 with Retry-After)', async (t) => {
  const ip = '203.0.113.77'
  const body = { sessionId: other, messageId: stranger.body.messageId, helpful: true }
  const statuses: number[] = []
  for (let i = 0; i < 14; i++) statuses.push((await rate(body, ip)).statusCode)
  t.same(statuses, [...Array(12).fill(200), 429, 429])
  const limited = await rate(body, ip)
  t.ok(Number(limited.headers['retry-after']) >= 1)
  t.equal(limited.json().code, 'RATE_LIMITED')
  t.equal((await rate(body, '203.0.113.78')).statusCode, 200, 'another address is not affected')
  t.equal((await rate({ broken: true }, ip)).statusCode, 429, 'counted before the body is read')
})

t.test('a burst across the clock minute is counted whole (the window starts at the first hit)', async (t) => {
  // The clock is an input here: 12 ratings 100 ms before a minute ends, 2 more 100 ms after it.
  let clock = Date.UTC(2026, 10, 28, 12, 0, 59, 900)
  const limits = createLimits(() => app.redis, {
    prefix: `minute-edge-${process.pid}`,
    sessionPerMinute: 5,
    ipPerMinute: 100,
    ipPerDay: 1000,
    dailyLlmBudget: 10,
    feedbackPerMinute: 12,
    now: () => clock,
  })
  const ip = '203.0.113.90'
  const waits: (number | null)[] = []
  for (let i = 0; i < 12; i++) waits.push(await limits.hitFeedback(ip))
  clock += 200
  for (let i = 0; i < 2; i++) waits.push(await limits.hitFeedback(ip))
  t.same(waits.slice(0, 12), Array(12).fill(null), 'twelve ratings pass')
  t.ok(
    waits.slice(12).every((w) => w !== null && w >= 1),
    'the next two are limited, with a wait',
  )
  clock = Date.UTC(2026, 10, 28, 12, 1, 59, 900)
  const session = []
  for (let i = 0; i < 5; i++) session.push(await limits.hit('edge-session', '203.0.113.91'))
  clock += 200
  const sixth = await limits.hit('edge-session', '203.0.113.91')
  t.ok(
    session.every((r) => r === null),
    'five messages pass',
  )
  t.equal(sixth?.limit, 'session', 'the sixth, past the clock minute, is still the same window')
})

t.test('ratings from the addresses of one IPv6 /64 share one budget', async (t) => {
  const net = '2001:db8:5:6'
  const statuses: number[] = []
  for (let i = 1; i <= 13; i++)
    statuses.push(
      (await rate({ sessionId: other, messageId: stranger.body.messageId, helpful: true }, `${net}::${i}`))
        .statusCode,
    )
  t.same(statuses, [...Array(12).fill(200), 429], 'a thirteenth address of the /64 is limited')
  const elsewhere = await rate(
    { sessionId: other, messageId: stranger.body.messageId, helpful: true },
    '2001:db8:5:7::1',
  )
  t.equal(elsewhere.statusCode, 200, 'the next /64 is not')
})

t.test('admin routes: 401 without a session, private, no-store', async (t) => {
  for (const [method, url] of [
    ['GET', '/api/chat/conversations'],
    ['GET', `/api/chat/conversations/${visitor}`],
    ['DELETE', `/api/chat/conversations/${visitor}`],
    ['GET', '/api/chat/unanswered'],
    ['GET', '/api/chat/feedback'],
  ] as const) {
    const res = await h.call(method, url)
    t.equal(res.statusCode, 401, `${method} ${url}`)
    t.equal(res.headers['cache-control'], 'private, no-store')
  }
  t.equal((await app.conversations.list({})).total, 2, 'nothing erased')
})

t.test(
  'GET /api/chat/conversations: paged, latest first, messages with pages, modes, sources and ratings',
  async (t) => {
    const res = await admin('GET', '/api/chat/conversations')
    t.equal(res.statusCode, 200)
    t.equal(res.headers['cache-control'], 'private, no-store')
    const list = res.json()
    t.match(list, { total: 2, page: 1, pageSize: 20 })
    t.same(
      list.items.map((c: { sessionId: string }) => c.sessionId),
      [other, visitor],
      'latest activity first',
    )
    const mine = list.items[1]
    t.match(mine, {
      sessionId: visitor,
      languages: ['nl'],
      pages: ['/blog/automatiseren-met-n8n', '/'],
      messageCount: 4,
      helpful: 1,
      unhelpful: 1,
    })
    t.ok(Date.parse(mine.startedAt) <= Date.parse(mine.lastAt))
    t.match(mine.messages, [
      {
        role: 'user',
        text: 'Wat is jullie werkwijze?',
        page: '/blog/automatiseren-met-n8n',
        unanswered: false,
        mode: null,
        helpful: null,
      },
      { id: first.body.messageId, role: 'assistant', mode: 'retrieval', helpful: true, page: null },
      { role: 'user', text: 'Hoe werkt het gratis MVP?', page: '/' },
      { id: second.body.messageId, role: 'assistant', helpful: false },
    ])
    t.same(mine.messages[1].sources, first.body.sources, 'the sources the visitor saw')
    t.equal(mine.messages[1].text, first.body.response)

    const paged = (await admin('GET', '/api/chat/conversations?page=2&pageSize=1')).json()
    t.same(
      paged.items.map((c: { sessionId: string }) => c.sessionId),
      [visitor],
    )
    t.equal(paged.total, 2)
    for (const q of ['pageSize=51', 'page=0', 'q=' + 'x'.repeat(201)])
      t.equal((await admin('GET', `/api/chat/conversations?${q}`)).statusCode, 400, q)
  },
)

t.test('?q= searches every message, case-insensitively and literally', async (t) => {
  const ids = async (q: string) =>
    (await admin('GET', `/api/chat/conversations?q=${encodeURIComponent(q)}`))
      .json()
      .items.map((c: { sessionId: string }) => c.sessionId)
  t.same(await ids('GRATIS mvp'), [visitor], 'a question')
  t.same(await ids('methodology'), [other])
  t.same(await ids('48 uur'), [visitor], 'an answer')
  t.same(await ids('.*'), [], 'regex characters are literal text')
  t.same(await ids('nergens te vinden'), [])
})

t.test('GET and DELETE /api/chat/conversations/{sessionId}: read, erase, recorded as a change', async (t) => {
  const one = await admin('GET', `/api/chat/conversations/${other}`)
  t.equal(one.statusCode, 200)
  t.match(one.json(), { sessionId: other, languages: ['en'], messageCount: 2 })
  t.equal((await admin('GET', '/api/chat/conversations/nonsense')).statusCode, 404, 'a malformed id')
  t.equal((await admin('GET', `/api/chat/conversations/${newSessionId()}`)).statusCode, 404)

  const erased = await admin('DELETE', `/api/chat/conversations/${other}`)
  t.equal(erased.statusCode, 204)
  t.equal(erased.headers['cache-control'], 'private, no-store')
  t.equal((await admin('GET', `/api/chat/conversations/${other}`)).statusCode, 404)
  t.equal(await turnModel(app.db).countDocuments({ sessionId: other }), 0, 'every message is gone')
  t.equal(
    (await admin('DELETE', `/api/chat/conversations/${other}`)).statusCode,
    404,
    'nothing left to erase',
  )
  t.equal((await admin('DELETE', '/api/chat/conversations/nonsense')).statusCode, 404)
  t.same(
    (await admin('GET', '/api/chat/conversations'))
      .json()
      .items.map((c: { sessionId: string }) => c.sessionId),
    [visitor],
  )
  const records = await app.changes.log.model.find({ kind: 'conversation' }).lean()
  t.equal(records.length, 1, 'one change record')
  t.match(records[0], {
    action: 'delete',
    target_id: other,
    target_label: null,
    actor_name: 'admin',
  })
  const asked = await ask(app, 'Nog een vraag?', { sessionId: other })
  t.equal(asked.status, 200, 'the visitor can go on: a new conversation begins')
  t.equal((await app.conversations.get(other))?.messageCount, 2)
})
