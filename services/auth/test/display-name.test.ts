// @tier services
// The admin's public name (issue 29): a display name for the bylines, never the login name, and
// the set of login names the publishing services keep out of public answers.
import t from 'tap'
import { Redis } from 'ioredis'
import { testApp } from '@site/service-kit/testing'
import { loginNamesAmong, loginNamesKey, sessionKey } from '@site/service-kit'
import { buildApp } from '../src/app.js'
import { userModel } from '../src/models/user.js'
import { restoreLoginNamesIfLost } from '../src/plugins/login-names.js'
import { auth, addUser, sessionCookie } from './helpers.js'

const PASSWORD = 'correct horse battery'

t.test(
  'change-display-name: set, shown, in every session; empty resets; the username is refused',
  async (t) => {
    const h = await testApp({ ...auth, name: 'authdisplay' })
    t.teardown(() => h.close())
    await addUser(h, 'beheerder', PASSWORD)
    const login = async () =>
      sessionCookie(await h.call('POST', '/api/auth/login', { username: 'beheerder', password: PASSWORD }))!
    const mine = await login()
    const other = await login()
    const change = (body: unknown, cookie = mine) =>
      h.call('POST', '/api/auth/change-display-name', body, { cookie })

    t.equal((await h.call('GET', '/api/auth/user', undefined, { cookie: mine })).json().display_name, null)
    t.equal((await h.call('POST', '/api/auth/change-display-name', { displayName: 'X' })).statusCode, 401)

    const set = await change({ displayName: '  Jan de Vries ' })
    t.equal(set.statusCode, 200)
    t.match(set.json(), { username: 'beheerder', display_name: 'Jan de Vries' })
    t.equal(
      (await h.call('GET', '/api/auth/user', undefined, { cookie: other })).json().display_name,
      'Jan de Vries',
    )
    // The other services read the byline from the session (the blog's new posts).
    const redis = new Redis(h.config.REDIS_URL)
    t.teardown(() => redis.disconnect())
    const stored = async (cookie: string) => {
      const id = decodeURIComponent(cookie.slice(4)).split('.')[0]!
      return JSON.parse((await redis.get(sessionKey(h.config.QUEUE_PREFIX, id)))!).user
    }
    t.equal((await stored(other)).display_name, 'Jan de Vries', 'the other session holds it too')
    t.equal((await stored(mine)).display_name, 'Jan de Vries')

    const same = await change({ displayName: 'BeheerDER' })
    t.equal(same.statusCode, 400, 'the login name is never a display name')
    t.equal(same.json().code, 'DISPLAY_NAME_IS_USERNAME')
    t.equal(
      (await change({ displayName: 'x'.repeat(101) })).json().message,
      'Display name must be at most 100 characters',
    )
    t.equal((await change({ displayName: 'Jan\u202e' })).statusCode, 400, 'no invisible characters')
    t.equal((await change({})).statusCode, 400)

    const reset = await change({ displayName: '' })
    t.equal(reset.json().display_name, null, 'empty: back to the site byline')
    t.equal((await stored(other)).display_name, null)
  },
)

t.test('every login name is recorded for the public services to hide', async (t) => {
  const h = await testApp({ ...auth, name: 'authnames' })
  t.teardown(() => h.close())
  const redis = new Redis(h.config.REDIS_URL)
  t.teardown(() => redis.disconnect())
  const among = (names: string[]) => loginNamesAmong(redis, h.config.QUEUE_PREFIX, names)

  await addUser(h, 'Webmaster', PASSWORD)
  // Accounts that exist when the service starts.
  const restarted = await buildApp(h.config)
  t.teardown(() => restarted.close())
  await restarted.ready()
  let found = new Set<string>()
  for (let i = 0; i < 50 && !found.size; i++) {
    found = await among(['webmaster', 'Redactie']).catch(() => new Set<string>())
    if (!found.size) await new Promise((r) => setTimeout(r, 100))
  }
  t.same([...found], ['webmaster'], 'recorded at start, case-insensitively; other names are not')

  // A rename records the new name (and the former one stays hidden).
  const cookie = sessionCookie(
    await h.call('POST', '/api/auth/login', { username: 'webmaster', password: PASSWORD }),
  )!
  const renamed = await h.call(
    'POST',
    '/api/auth/change-username',
    { newUsername: 'hoofdredacteur', currentPassword: PASSWORD },
    { cookie },
  )
  t.equal(renamed.statusCode, 200)
  t.same([...(await among(['Hoofdredacteur', 'Webmaster', 'Anna']))], ['Hoofdredacteur', 'Webmaster'])

  // Redis loses the set (a restart without its data): the check records every account again.
  const restore = () => restoreLoginNamesIfLost(userModel(h.app.db), redis, h.config.QUEUE_PREFIX)
  t.equal(await restore(), false, 'a whole set is left alone')
  await redis.del(loginNamesKey(h.config.QUEUE_PREFIX))
  await h.call('POST', '/api/auth/login', { username: 'hoofdredacteur', password: PASSWORD })
  await t.rejects(among(['Hoofdredacteur']), 'one sign-in does not make the set whole: readers fail closed')
  t.equal(await restore(), true, 'the lost set is noticed (the auth service checks every 30 s)')
  t.same([...(await among(['hoofdredacteur', 'Anna']))], ['hoofdredacteur'], 'and recorded whole again')
})
