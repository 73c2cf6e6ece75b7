// @tier services
// Every query a sign-in and an admin's account saves send to the auth service's database is served
// by an index and listed in docs/queries.md (docs/design.md, "Hot queries and their indexes"),
// with 2,000 accounts kept (a real site has a few; enough here for the planner to prefer an index).
import t from 'tap'
import mongoose from 'mongoose'
import { holdQueries, queryRecorder, testApp } from '@site/service-kit/testing'
import { auth, addUser, sessionCookie } from './helpers.js'
import { userModel } from '../src/models/user.js'

const USERS = 2000
const BOUND = 100
const PASSWORD = 'correct horse battery'
const h = await testApp({ ...auth, name: 'authhot' })
t.teardown(() => h.close())
const users = userModel(h.app.db)
const hash = (await users
  .findById(await addUser(h, 'admin', PASSWORD))
  .select('+password_hash')
  .lean())!.password_hash
for (let i = 0; i < USERS; i += 500)
  await users.insertMany(
    Array.from({ length: 500 }, (_, k) => ({
      username: `editor${i + k}`,
      username_key: `editor${i + k}`,
      password_hash: hash,
    })),
  )

const { captured, during } = queryRecorder(mongoose)
let cookie = ''
await during('visitor', async () => {
  await h.call('POST', '/api/auth/login', { username: 'admin', password: 'wrong password here' })
  await h.call('POST', '/api/auth/login', { username: 'nobody', password: PASSWORD })
  cookie = sessionCookie(await h.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD }))!
})
await during('admin save', async () => {
  const say = (res: { statusCode: number; body: string }) => {
    if (res.statusCode >= 300) throw new Error(`${res.statusCode}: ${res.body}`)
  }
  say(await h.call('GET', '/api/auth/user', undefined, { cookie }))
  say(await h.call('POST', '/api/auth/change-display-name', { displayName: 'The Admin' }, { cookie }))
  say(
    await h.call(
      'POST',
      '/api/auth/change-username',
      { newUsername: 'chief', currentPassword: PASSWORD },
      { cookie },
    ),
  )
})

holdQueries(t, h.app.db, captured, { bound: BOUND, size: USERS })
