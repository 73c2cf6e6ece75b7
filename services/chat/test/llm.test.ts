// @tier services
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { ask, chat, fakeLlm, fakeSite, newSessionId } from './helpers.js'

t.test('with a model: history and retrieved passages reach the prompt, the answer comes back', async (t) => {
  const site = await fakeSite()
  const llm = await fakeLlm()
  const { app, close } = await testApp(
    chat(site.url, { OPENAI_BASE_URL: llm.baseURL, OPENAI_MODEL: 'fake-model' }),
  )
  t.teardown(async () => {
    await close()
    await llm.close()
    await site.close()
  })
  t.equal((await app.inject('/api/chat/status')).json().mode, 'llm')

  const sessionId = newSessionId()
  llm.state.answer =
    'Wij bouwen uw MVP binnen 5 dagen. Lees ook /blog/automatiseren-met-n8n of vraag een adviesgesprek aan via /#contact.'
  const first = await ask(app, 'Hoe snel is mijn MVP klaar?', { sessionId })
  t.equal(first.status, 200)
  t.same(first.body, {
    response: llm.state.answer,
    mode: 'llm',
    sources: [
      { title: 'Bedrijfsprocessen automatiseren met n8n', url: '/blog/automatiseren-met-n8n' },
      { title: 'Gratis adviesgesprek', url: '/#contact' },
    ].filter((s) => llm.state.answer.includes(s.url)),
    messageId: first.body.messageId,
  })
  t.match(first.body.messageId, /^[0-9a-f]{24}$/, 'the answer can be rated')
  t.equal(llm.calls.length, 1)
  const call1 = llm.calls[0]!
  t.equal(call1.model, 'fake-model')
  t.equal(call1.messages[0]!.role, 'system')
  t.match(call1.messages[0]!.content, /Never invent prices/)
  t.match(call1.messages[0]!.content, /Gratis MVP[\s\S]*48 uur/, 'the free MVP passage is in the prompt')
  t.match(call1.messages[0]!.content, /Answer in Dutch/)
  t.same(call1.messages.slice(1), [{ role: 'user', content: 'Hoe snel is mijn MVP klaar?' }])

  llm.state.answer = 'n8n koppelt uw boekhouding en CRM: /blog/automatiseren-met-n8n'
  const second = await ask(app, 'En kunnen jullie facturen automatisch verwerken met n8n?', { sessionId })
  t.same(second.body.sources, [
    { title: 'Bedrijfsprocessen automatiseren met n8n', url: '/blog/automatiseren-met-n8n' },
  ])
  const call2 = llm.calls[1]!
  t.same(
    call2.messages.slice(1).map((m) => m.role),
    ['user', 'assistant', 'user'],
    'the earlier turn and its answer are sent as history',
  )
  t.equal(call2.messages[1]!.content, 'Hoe snel is mijn MVP klaar?')
  t.match(call2.messages[2]!.content, /binnen 5 dagen/)
  t.match(
    call2.messages[0]!.content,
    /\/blog\/automatiseren-met-n8n\n[\s\S]*facturen/,
    'the blog passage with its link is in the prompt',
  )

  const other = await ask(app, 'What is your methodology?', { sessionId: newSessionId(), language: 'nl' })
  t.equal(other.status, 200)
  t.equal(llm.calls[2]!.messages.length, 2, 'another session has no history')
  t.match(
    llm.calls[2]!.messages[0]!.content,
    /Answer in English/,
    'answers in the language the visitor writes',
  )
  t.match(llm.calls[2]!.messages[0]!.content, /\/#methodology/)
})

t.test('a slow, failing or malformed model falls back to retrieval mode; one retry', async (t) => {
  const site = await fakeSite()
  const llm = await fakeLlm()
  const { app, close } = await testApp(
    chat(site.url, {
      OPENAI_BASE_URL: llm.baseURL,
      CHAT_LLM_TIMEOUT_MS: '300',
      CHAT_LLM_FAILURES_BEFORE_COOLDOWN: '100',
    }),
  )
  t.teardown(async () => {
    await close()
    await llm.close()
    await site.close()
  })
  for (const behaviour of ['slow', 'error', 'malformed', 'empty'] as const) {
    llm.state.behaviour = behaviour
    const before = llm.calls.length
    const r = await ask(app, 'Hoe werkt het gratis MVP?')
    t.equal(r.status, 200, behaviour)
    t.equal(r.body.mode, 'retrieval', `${behaviour}: retrieval mode answers`)
    t.match(r.body.response, /48 uur/, `${behaviour}: with the right passage`)
    t.equal(llm.calls.length - before, 2, `${behaviour}: tried twice`)
  }
  llm.state.behaviour = 'ok'
  const back = await ask(app, 'Hoe werkt het gratis MVP?')
  t.equal(back.body.mode, 'llm', 'the model is used again when it answers')
  const metrics = await app.inject('/metrics')
  t.match(metrics.body, /chat_answers_total\{mode="retrieval",reason="llm-failed"[^}]*\} 4/)
})

t.test(
  'repeated failures pause the model; the daily budget ends in retrieval mode; unreachable endpoint',
  async (t) => {
    const site = await fakeSite()
    const llm = await fakeLlm()
    const { app, close } = await testApp(
      chat(site.url, {
        OPENAI_BASE_URL: llm.baseURL,
        CHAT_LLM_FAILURES_BEFORE_COOLDOWN: '2',
        CHAT_LLM_COOLDOWN_MS: '600000',
      }),
    )
    const { app: budgeted, close: closeBudgeted } = await testApp(
      chat(site.url, { OPENAI_BASE_URL: llm.baseURL, CHAT_DAILY_LLM_BUDGET: '2' }),
    )
    const { app: unreachable, close: closeUnreachable } = await testApp(
      chat(site.url, { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'sk-test' }),
    )
    t.teardown(async () => {
      await Promise.all([close(), closeBudgeted(), closeUnreachable()])
      await llm.close()
      await site.close()
    })

    llm.state.behaviour = 'error'
    await ask(app, 'Wat is jullie werkwijze?')
    await ask(app, 'Wat is jullie werkwijze?')
    t.equal(llm.calls.length, 4)
    llm.state.behaviour = 'ok'
    const paused = await ask(app, 'Wat is jullie werkwijze?')
    t.equal(paused.body.mode, 'retrieval')
    t.equal(llm.calls.length, 4, 'no call while paused')

    llm.calls.length = 0
    const modes = []
    for (let i = 0; i < 4; i++)
      modes.push((await ask(budgeted, 'Wat is jullie werkwijze?', { ip: `10.0.0.${i}` })).body.mode)
    t.same(modes, ['llm', 'llm', 'retrieval', 'retrieval'])
    t.equal(llm.calls.length, 2, 'the budget bounds the calls')

    const r = await ask(unreachable, 'Wat is jullie werkwijze?')
    t.equal(r.status, 200)
    t.equal(r.body.mode, 'retrieval')
    t.ok(r.body.sources.some((s) => s.url === '/#werkwijze'))
  },
)
