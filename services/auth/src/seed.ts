/**
 * `node services/auth/dist/seed.js`: creates or updates the first admin from ADMIN_USERNAME and
 * ADMIN_PASSWORD (run by `npm start` and docker-compose). Exits 0 when done, 1 with one readable
 * line on bad input, 78 on a bad configuration. When the password was reset, the admin's open
 * sessions are ended (if Redis is reachable).
 */
import {
  Type,
  loadConfig,
  connectMongo,
  createRedis,
  loadConfigOrExit,
  mongoConfigProperties,
  userSessionsKey,
  sessionKey,
} from '@site/service-kit'
import { configProperties } from './config.js'
import { userModel } from './models/user.js'
import { createHasher } from './lib/passwords.js'
import { AdminInputError, upsertAdmin } from './lib/admin-account.js'

const config = loadConfigOrExit(() =>
  loadConfig({
    ...mongoConfigProperties,
    MONGO_DB: configProperties.MONGO_DB,
    REDIS_URL: Type.Optional(Type.String()),
    QUEUE_PREFIX: configProperties.QUEUE_PREFIX,
    ARGON2_MEMORY_KIB: configProperties.ARGON2_MEMORY_KIB,
    ARGON2_TIME_COST: configProperties.ARGON2_TIME_COST,
    ARGON2_PARALLELISM: configProperties.ARGON2_PARALLELISM,
    ADMIN_USERNAME: Type.String({
      minLength: 1,
      description: 'username of the admin account to create or update',
    }),
    ADMIN_PASSWORD: Type.String({
      minLength: 1,
      description: 'its password (8+ characters); no default exists',
    }),
  }),
)

const say = (m: string) => process.stdout.write(`[seed] ${m}\n`)
const db = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB })
let code = 0
try {
  if (db.readyState !== 1)
    throw new AdminInputError(`cannot reach MongoDB at MONGO_URL (database ${config.MONGO_DB})`)
  const result = await upsertAdmin(
    userModel(db),
    await createHasher(config),
    config.ADMIN_USERNAME,
    config.ADMIN_PASSWORD,
  )
  say(`admin '${config.ADMIN_USERNAME.trim()}': ${result.outcome}`)
  if (result.outcome === 'password-updated' && config.REDIS_URL)
    await endSessions(config.REDIS_URL, config.QUEUE_PREFIX, result.id)
} catch (err) {
  if (!(err instanceof AdminInputError)) throw err
  process.stderr.write(`[seed] ${err.message}\n`)
  code = 1
} finally {
  await db.close()
}
process.exit(code)

async function endSessions(url: string, prefix: string, userId: string) {
  const redis = createRedis(url, { enableOfflineQueue: true, lazyConnect: false })
  try {
    const ids = await redis.smembers(userSessionsKey(prefix, userId))
    if (ids.length)
      await redis.del(...ids.map((id) => sessionKey(prefix, id)), userSessionsKey(prefix, userId))
    if (ids.length) say(`ended ${ids.length} open session(s) of that admin`)
  } catch {
    say('Redis not reachable: open sessions of that admin were not ended')
  } finally {
    redis.disconnect()
  }
}
