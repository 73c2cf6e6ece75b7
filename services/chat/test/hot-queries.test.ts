// @tier services
// Every query a visitor's message or rating and an admin's erasure send to the chat's database is
// served by an index and listed in docs/queries.md (docs/design.md, "Hot queries and their
// indexes"), with 3,000 turns of 1,000 conversations kept.
import t from 'tap'
import mongoose from 'mongoose'
import { holdQueries, queryRecorder, testApp } from '@site/service-kit/testing'
import { ask, chat, fakeSite, newSessionId } from './helpers.js'
import { conversationModel } from '../src/models/conversation.js'
import { turnModel } from '../src/models/turn.js'

const TURNS = 3000
const BOUND = 100
const site = await fakeSite()
const h = await testApp(chat(site.url))
t.teardown(async () => {
  await h.close()
  await site.close()
})
const { app } = h
const long = new Date(Date.now() - 86400_000)
const sessions = Array.from({ length: TURNS / 3 }, () => newSessionId())
await conversationModel(app.db).insertMany(sessions.map((s) => ({ _id: s, startedAt: long, lastAt: long })))
const turns = sessions.flatMap((sessionId) =>
  ['user', 'assistant', 'user'].map((role) => ({ sessionId, role, text: 'Hallo', language: 'nl', at: long })),
)
for (let i = 0; i < turns.length; i += 500) await turnModel(app.db).insertMany(turns.slice(i, i + 500))

const { captured, during } = queryRecorder(mongoose)
const sessionId = newSessionId()
await during('visitor', async () => {
  await ask(app, 'Hoe werkt het gratis MVP?', { sessionId })
  const answer = await ask(app, 'En hoe lang duurt dat?', { sessionId })
  const rated = await h.call('POST', '/api/chat/feedback', {
    sessionId,
    messageId: answer.body.messageId,
    helpful: false,
  })
  if (rated.statusCode !== 200) throw new Error(`feedback: ${rated.statusCode} ${rated.body}`)
})
await during('admin save', async () => {
  const erased = await h.call('DELETE', `/api/chat/conversations/${sessions[7]}`, undefined, h.admin)
  if (erased.statusCode !== 204) throw new Error(`erasure: ${erased.statusCode} ${erased.body}`)
})

holdQueries(t, app.db, captured, { bound: BOUND, size: TURNS })
