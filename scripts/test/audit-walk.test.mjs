// @tier stack
// Issue 45: every admin write is in the audit trail. Walks the admin write operations (POST, PUT,
// PATCH, DELETE with `x-capability`) of the merged OpenAPI document the gateway serves: each names
// the kind of change record it makes (`x-audit`, the kit's adminOnly; "nothing" only for a route
// that changes nothing), and each one an owner's call gets through (2xx) leaves a new change record
// in its service's log, which the auth service's audit trail reads.
import t from 'tap'
import { createTestSession, TEST_ORIGIN } from '@site/service-kit/testing'
import { root } from '../lib/infra.mjs'
import { adminOperations } from '../lib/role-doc.mjs'
import { startInProcessStack } from './lib/in-process-stack.mjs'

const { apps, shared, prefix, gateway } = await startInProcessStack(t, 'auditwalk')
const merged = await (await fetch(`${gateway}/api/openapi.json`)).json()
const writes = adminOperations(merged).filter((op) => op.method !== 'GET')
const opOf = (op) => merged.paths[op.path][op.method.toLowerCase()]
const { userModel } = await import(`${root}/services/auth/dist/models/user.js`)
const owner = await userModel(apps.auth.db).create({
  username: 'walker',
  username_key: 'walker',
  password_hash: '$argon2id$unused',
  role: 'owner',
})
const { cookie } = await createTestSession(
  { REDIS_URL: shared.REDIS_URL, QUEUE_PREFIX: prefix },
  { id: String(owner._id), username: 'walker', role: 'owner' },
)
const records = (service) => apps[service].changes.log.model.countDocuments({ actor_name: 'walker' })

t.test('every admin write operation names the change record it makes', async (t) => {
  t.ok(writes.length > 40, `${writes.length} admin write operations`)
  for (const op of writes) {
    const kind = opOf(op)['x-audit']
    t.ok(kind, `${op.method} ${op.path} names its audit kind (${kind})`)
  }
  const nothing = writes
    .filter((op) => opOf(op)['x-audit'] === 'nothing')
    .map((op) => `${op.method} ${op.path}`)
  t.same(nothing, ['POST /api/blog/translate-title'], 'only the title translation changes nothing')
})

t.test('each admin write an owner gets through leaves a change record', async (t) => {
  let through = 0
  for (const op of writes) {
    const service = opOf(op)['x-service']
    const url = `${gateway}${op.path.replace(/\{[^}]+\}/g, '0123456789abcdef01234567')}`
    const body = op.method === 'DELETE' ? undefined : '{}'
    const before = await records(service)
    const res = await fetch(url, {
      method: op.method,
      headers: {
        cookie,
        origin: TEST_ORIGIN,
        'x-requested-with': 'XMLHttpRequest',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body,
      redirect: 'manual',
    })
    await res.arrayBuffer()
    if (res.status >= 300) continue
    through++
    if (opOf(op)['x-audit'] === 'nothing') continue
    t.ok((await records(service)) > before, `${op.method} ${op.path} (${res.status}) is in the audit trail`)
  }
  t.ok(through >= 2, `${through} operations went through with an empty body`)
})
