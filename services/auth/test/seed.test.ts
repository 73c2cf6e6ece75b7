// @tier stack
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { testEnv } from '@site/service-kit/testing'
import { connectMongo } from '@site/service-kit'
import { userModel } from '../src/models/user.js'

const seed = fileURLToPath(new URL('../dist/seed.js', import.meta.url))

t.test('seed: creates, is idempotent, resets a password, refuses bad input', async (t) => {
  const env = testEnv('authseed')
  const run = (extra: Record<string, string>) =>
    spawnSync(process.execPath, [seed], {
      env: { ...process.env, ...env, ...extra },
      encoding: 'utf8',
      timeout: 30000,
    })
  const db = await connectMongo({ url: env.MONGO_URL!, dbName: env.MONGO_DB! })
  t.teardown(async () => {
    await db.dropDatabase().catch(() => undefined)
    await db.close()
  })

  const short = run({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'short' })
  t.equal(short.status, 1)
  t.match(short.stderr, /ADMIN_PASSWORD: Password must be at least 8 characters long/)
  t.notMatch(short.stderr, /at .*\.js:\d+/, 'no stack trace')
  const missing = run({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' })
  t.not(missing.status, 0)
  t.match(missing.stderr, /ADMIN_USERNAME/)

  const created = run({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'first password' })
  t.equal(created.status, 0, created.stderr)
  t.match(created.stdout, /created/)
  t.match(
    run({ ADMIN_USERNAME: 'Admin', ADMIN_PASSWORD: 'first password' }).stdout,
    /unchanged/,
    'idempotent, case-insensitive',
  )
  t.match(run({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'second password' }).stdout, /password-updated/)

  const users = await userModel(db).find().select('+password_hash').lean()
  t.equal(users.length, 1)
  t.match(users[0]!.password_hash, /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/, 'argon2id with OWASP parameters')
})
