// @tier services
// What the team learns from the chat (issue 33): questions the site could not answer, grouped by
// their normalized words, most asked first; the share of helpful answers week by week.
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { readConfig } from '../src/config.js'
import { questionKey, mondayOf } from '../src/conversations/questions.js'
import { turnModel } from '../src/models/turn.js'
import { ask, chat, fakeLlm, fakeSite, newSessionId } from './helpers.js'

t.test(
  'question keys: case, accents, punctuation, stopwords, suffixes and word order do not matter',
  async (t) => {
    t.equal(questionKey('Verkopen jullie tuinmeubelen?'), questionKey('tuinmeubelen, verkopen jullie die'))
    t.equal(questionKey('Do you sell GARDEN furniture?'), questionKey('garden furniture: do you sell it'))
    t.equal(questionKey('Café?'), questionKey('cafe'))
    t.not(questionKey('Do you sell garden furniture?'), questionKey('Do you repair garden furniture?'))
    t.equal(questionKey('wat?'), 'wat', 'stopwords only: the words themselves')
    t.equal(mondayOf('2026-08-02'), '2026-07-27', 'a Sunday belongs to the week before')
    t.equal(mondayOf('2026-08-03'), '2026-08-03')
    t.equal(
      readConfig({ ...process.env, SESSION_SECRET: 'x'.repeat(32) }).CHAT_RETENTION_DAYS,
      90,
      'kept 90 days by default',
    )
  },
)

t.test('unanswered questions: grouped, most asked first; an unhelpful answer counts too', async (t) => {
  const site = await fakeSite()
  const h = await testApp(chat(site.url))
  t.teardown(async () => {
    await h.close()
    await site.close()
  })
  const { app } = h
  const unanswered = async (query = '') => {
    const res = await h.call('GET', `/api/chat/unanswered${query}`, undefined, h.admin)
    t.equal(res.headers['cache-control'], 'private, no-store')
    return res.json()
  }
  t.same(await unanswered(), { items: [], page: 1, pageSize: 20, total: 0 })

  const furniture = ['Repareren jullie fietsen?', 'fietsen repareren jullie?', 'REPAREREN JULLIE FIETS']
  const sessions = furniture.map(() => newSessionId())
  for (const [i, q] of furniture.entries()) {
    const r = await ask(app, q, { sessionId: sessions[i] })
    t.match(r.body.response, /geen antwoord/, `nothing found: ${q}`)
  }
  await ask(app, 'Xylofoonzwemmen pinguïnvlucht?')
  await ask(app, 'Hallo!')
  await ask(app, 'Bedankt!')
  const answered = await ask(app, 'Hoe werkt het gratis MVP?')
  t.match(answered.body.response, /48 uur/)

  const list = await unanswered()
  t.equal(list.total, 2, 'greetings, thanks and answered questions are not listed')
  t.match(list.items, [
    {
      question: 'REPAREREN JULLIE FIETS',
      count: 3,
      notFound: 3,
      unhelpful: 0,
      languages: ['nl'],
      sessionId: sessions[2],
    },
    { question: 'Xylofoonzwemmen pinguïnvlucht?', count: 1 },
  ])
  t.ok(Date.parse(list.items[0].lastAt) >= Date.parse(list.items[1].lastAt) - 1000)

  // The visitor found the MVP answer unhelpful: its question joins the list, and leaves it again.
  const session = (await turnModel(app.db).findById(answered.body.messageId).lean())!.sessionId
  const rate = (helpful: boolean) =>
    h.call('POST', '/api/chat/feedback', { sessionId: session, messageId: answered.body.messageId, helpful })
  const rated = await rate(false)
  t.equal(rated.statusCode, 200, rated.body)
  const withUnhelpful = await unanswered()
  t.equal(withUnhelpful.total, 3)
  t.match(
    withUnhelpful.items.find((i: { question: string }) => i.question === 'Hoe werkt het gratis MVP?'),
    { count: 1, notFound: 0, unhelpful: 1 },
  )
  await rate(true)
  t.equal((await unanswered()).total, 2, 'rated helpful after all: no longer listed')

  const paged = await unanswered('?page=2&pageSize=1')
  t.match(paged, { total: 2, page: 2, pageSize: 1, items: [{ question: 'Xylofoonzwemmen pinguïnvlucht?' }] })
  t.equal((await h.call('GET', '/api/chat/unanswered?pageSize=51', undefined, h.admin)).statusCode, 400)

  // Erasing a conversation takes its questions out of the list.
  await h.call('DELETE', `/api/chat/conversations/${sessions[0]}`, undefined, h.admin)
  t.equal((await unanswered()).items[0].count, 2)
})

t.test(
  'with a model: the answer is rated like any other; nothing relevant found is still unanswered',
  async (t) => {
    const site = await fakeSite()
    const llm = await fakeLlm()
    const h = await testApp(chat(site.url, { OPENAI_BASE_URL: llm.baseURL, OPENAI_API_KEY: 'k' }))
    t.teardown(async () => {
      await h.close()
      await llm.close()
      await site.close()
    })
    llm.state.answer = 'Daar hebben we niets over. Vraag gerust een adviesgesprek aan via /#contact.'
    const r = await ask(h.app, 'Repareren jullie fietsen?')
    t.equal(r.body.mode, 'llm')
    t.match(r.body.messageId, /^[0-9a-f]{24}$/)
    const list = (await h.call('GET', '/api/chat/unanswered', undefined, h.admin)).json()
    t.match(list.items, [{ question: 'Repareren jullie fietsen?', notFound: 1 }])
    const conversation = (await h.call('GET', '/api/chat/conversations', undefined, h.admin)).json().items[0]
    t.match(conversation.messages[1], {
      mode: 'llm',
      text: llm.state.answer,
      sources: [{ title: 'Gratis adviesgesprek', url: '/#contact' }],
    })
  },
)

t.test(
  'GET /api/chat/feedback: the share of helpful answers week by week over the kept period',
  async (t) => {
    const site = await fakeSite()
    const h = await testApp(chat(site.url, { CHAT_RETENTION_DAYS: '21' }))
    t.teardown(async () => {
      await h.close()
      await site.close()
    })
    const { app } = h
    const day = 24 * 3600 * 1000
    const answer = async (daysAgo: number, helpful?: boolean) => {
      const sessionId = newSessionId()
      const { answerId } = await app.conversations.addExchange(
        {
          sessionId,
          question: 'q',
          answer: 'a',
          language: 'nl',
          mode: 'retrieval',
          sources: [],
          found: true,
        },
        new Date(Date.now() - daysAgo * day),
      )
      if (helpful !== undefined) await app.conversations.rate(sessionId, answerId, helpful)
    }
    await answer(0, true)
    await answer(0, true)
    await answer(0, false)
    await answer(0)
    await answer(14, false)
    await answer(40, true) // before the kept period
    const res = await h.call('GET', '/api/chat/feedback', undefined, h.admin)
    t.equal(res.statusCode, 200)
    t.equal(res.headers['cache-control'], 'private, no-store')
    const summary = res.json()
    t.match(summary, { days: 21, answers: 5, rated: 4, helpful: 2 })
    t.ok(summary.weeks.length >= 3 && summary.weeks.length <= 4, 'every week of 21 days')
    const last = summary.weeks.at(-1)
    t.same(last, { week: mondayOf(new Date().toISOString().slice(0, 10)), rated: 3, helpful: 2 })
    t.same(
      summary.weeks.map((w: { rated: number }) => w.rated).reduce((a: number, b: number) => a + b, 0),
      4,
    )
    t.ok(
      summary.weeks.every(
        (w: { week: string }, i: number, all: { week: string }[]) => i === 0 || w.week > all[i - 1]!.week,
      ),
      'oldest first',
    )
  },
)
