// @tier services
import t from 'tap'
import { testApp, startRedisServer } from '@site/service-kit/testing'
import { turnModel } from '../src/models/turn.js'
import { type ChatApp, ask, chat, fakeSite, newSessionId } from './helpers.js'

const post = (app: ChatApp, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  })

t.test('validation edges', async (t) => {
  const site = await fakeSite()
  const { app, close } = await testApp(chat(site.url))
  t.teardown(async () => {
    await close()
    await site.close()
  })
  const sessionId = newSessionId()
  const bad = async (payload: unknown, status = 400) => {
    const r = await post(app, payload)
    t.equal(r.statusCode, status, JSON.stringify(payload).slice(0, 80))
    return r.json() as { message: string; code?: string }
  }
  t.same(await bad({ message: '   \n ', sessionId, language: 'nl' }), {
    statusCode: 400,
    error: 'Bad Request',
    message: 'Typ eerst een bericht.',
    code: 'EMPTY_MESSAGE',
  })
  t.equal((await bad({ message: '', sessionId, language: 'en' })).message, 'Please type a message first.')
  t.equal(
    (await bad({ message: 'x'.repeat(1001), sessionId, language: 'nl' })).message,
    'Uw bericht is te lang. Houd het alstublieft onder de 1000 tekens.',
  )
  t.equal((await bad({ message: 'x'.repeat(5000), sessionId })).code, 'VALIDATION')
  await bad({ sessionId, language: 'nl' })
  await bad({ message: 'hoi', language: 'nl' })
  await bad({ message: 'hoi', sessionId: 'abc', language: 'nl' })
  await bad({ message: 'hoi', sessionId: 'session_1700000000000_a b', language: 'nl' })
  await bad({ message: 'hoi', sessionId: { $gt: '' }, language: 'nl' })
  await bad({ message: 'hoi', sessionId, language: 'fr' })

  const padded = await post(app, { message: '  Wat is jullie werkwijze?  ', sessionId, language: 'nl' })
  t.equal(padded.statusCode, 200, 'surrounding whitespace is trimmed')
  const noLang = await post(app, {
    message: 'Wat is jullie werkwijze?',
    sessionId: 'session_1732233000000_k3j9x2m1q',
  })
  t.equal(noLang.statusCode, 200, "language defaults to nl; the widget's id format is accepted")
  t.match(noLang.json().response, /^Dit vind ik/)
  const exact = await post(app, { message: 'a'.repeat(1000), sessionId, language: 'nl' })
  t.equal(exact.statusCode, 200, '1000 characters is allowed')

  const stored = await turnModel(app.db).find({ sessionId }).sort({ at: 1 }).lean()
  t.same(
    stored.map((d) => d.role),
    ['user', 'assistant', 'user', 'assistant'],
  )
  t.equal(stored[0]!.text, 'Wat is jullie werkwijze?', 'stored trimmed')

  const csrf = await post(
    app,
    { message: 'hoi', sessionId, language: 'nl' },
    { cookie: 'sid=x', origin: 'https://evil.example' },
  )
  t.equal(csrf.statusCode, 403, 'a cross-site request with a cookie is refused')
})

t.test('rate limits per session and per IP; 429 with a message the widget shows', async (t) => {
  const site = await fakeSite()
  const { app, close } = await testApp(
    chat(site.url, { CHAT_SESSION_PER_MINUTE: '3', CHAT_IP_PER_MINUTE: '5' }),
  )
  t.teardown(async () => {
    await close()
    await site.close()
  })
  const sessionId = newSessionId()
  const statuses = []
  for (let i = 0; i < 4; i++)
    statuses.push((await ask(app, 'Hallo', { sessionId, ip: '203.0.113.1' })).status)
  t.same(statuses, [200, 200, 200, 429], 'the fourth message of a session within a minute is refused')
  const limited = await ask(app, 'Hallo', { sessionId, ip: '203.0.113.1' })
  t.equal(
    limited.body.message,
    'U stuurt te veel berichten achter elkaar. Wacht even en probeer het dan opnieuw.',
  )
  t.equal(limited.body.code, 'RATE_LIMITED')
  t.ok(Number(limited.headers['retry-after']) >= 1 && Number(limited.headers['retry-after']) <= 60)
  t.equal(
    (await ask(app, 'Hello', { sessionId, ip: '203.0.113.9', language: 'en' })).body.message,
    'You are sending messages too quickly. Please wait a moment and try again.',
  )

  // A burst from one IP with a new session id each time.
  const burst = []
  for (let i = 0; i < 8; i++) burst.push((await ask(app, 'Hallo', { ip: '198.51.100.7' })).status)
  t.same(burst, [200, 200, 200, 200, 200, 429, 429, 429], 'per IP: 5 a minute')
  t.equal((await ask(app, 'Hallo', { ip: '198.51.100.8' })).status, 200, 'another IP is not affected')
})

t.test(
  'retention: messages older than the retention period are swept; a conversation goes with its last',
  async (t) => {
    const site = await fakeSite()
    const { app, close } = await testApp(chat(site.url, { CHAT_RETENTION_DAYS: '30' }))
    t.teardown(async () => {
      await close()
      await site.close()
    })
    const day = 24 * 3600 * 1000
    const old = newSessionId()
    const ongoing = newSessionId()
    const exchange = (sessionId: string, question: string) => ({
      sessionId,
      question,
      answer: `antwoord op ${question}`,
      language: 'nl' as const,
      mode: 'retrieval' as const,
      sources: [],
      found: true,
    })
    await app.conversations.addExchange(exchange(old, 'oud'), new Date(Date.now() - 31 * day))
    await app.conversations.addExchange(exchange(ongoing, 'eerste'), new Date(Date.now() - 31 * day))
    await app.conversations.addExchange(exchange(ongoing, 'recent'), new Date(Date.now() - 29 * day))
    t.equal((await app.conversations.list({})).total, 2)

    t.equal(await app.conversations.sweep(), 4, 'every message older than 30 days')
    t.same(await app.conversations.recent(old, 10), [])
    t.same(
      await app.conversations.recent(ongoing, 10),
      [
        { role: 'user', text: 'recent' },
        { role: 'assistant', text: 'antwoord op recent' },
      ],
      'a conversation still going on keeps its newer messages',
    )
    const left = await app.conversations.list({})
    t.same(
      left.items.map((c) => [c.sessionId, c.messageCount]),
      [[ongoing, 2]],
      'the old conversation is gone whole',
    )
    t.equal(await app.conversations.get(old), null)
    t.equal(await app.conversations.sweep(new Date(Date.now() + 2 * day)), 2, 'a day later the rest goes')
    t.equal((await app.conversations.list({})).total, 0, 'and its conversation with it')
  },
)

t.test('history sent is bounded to the last turns', async (t) => {
  const site = await fakeSite()
  const { app, close } = await testApp(chat(site.url, { CHAT_HISTORY_TURNS: '4' }))
  t.teardown(async () => {
    await close()
    await site.close()
  })
  const sessionId = newSessionId()
  for (let i = 0; i < 4; i++) await ask(app, `Vraag ${i} over de werkwijze`, { sessionId })
  const recent = await app.conversations.recent(sessionId, 4)
  t.same(
    recent.map((r) => r.role),
    ['user', 'assistant', 'user', 'assistant'],
  )
  t.equal(recent[0]!.text, 'Vraag 2 over de werkwijze')
})

t.test('Redis away: 503 with Retry-After, and back when it returns', async (t) => {
  const redis = await startRedisServer()
  const site = await fakeSite()
  const { app, close } = await testApp({
    ...chat(site.url, { REDIS_URL: redis.url }),
    name: 'chatredis',
    waitReady: false,
  })
  t.teardown(async () => {
    await close()
    await site.close()
    await redis.close()
  })
  for (let i = 0; i < 100 && (await app.inject('/readyz')).statusCode !== 200; i++)
    await new Promise((r) => setTimeout(r, 50))
  t.equal((await ask(app, 'Hallo')).status, 200)
  await redis.stop()
  const down = await ask(app, 'Hallo')
  t.equal(down.status, 503)
  t.equal(down.headers['retry-after'], '5')
  await redis.start()
  let status = 0
  for (let i = 0; i < 100 && status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 100))
    status = (await ask(app, 'Hallo')).status
  }
  t.equal(status, 200, 'answers again once Redis is back')
})
