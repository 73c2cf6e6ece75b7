// @tier stack
// Issue 46: the role matrix. Every service runs in-process from its build on the real MongoDB and
// Redis, the gateway in front; for every admin route of the merged OpenAPI document and every
// role, a signed-in session of that role is refused with 403 exactly when the role holds none of
// the capabilities the route names (packages/contracts roles.ts). Every admin route a service
// registered is in the document with its capability; docs/security.md's matrix is generated.
import t from 'tap'
import { readFileSync, writeFileSync } from 'node:fs'
import { createTestSession, TEST_ORIGIN } from '@site/service-kit/testing'
import * as roles from '@site/contracts'
import { root } from '../lib/infra.mjs'
import { adminOperations, renderRoleMatrix, replaceRoleMatrix } from '../lib/role-doc.mjs'
import { SERVICES, startInProcessStack } from './lib/in-process-stack.mjs'

const { ROLES, roleCan } = roles
const { apps, shared, prefix, gateway } = await startInProcessStack(t, 'rolematrix')
const merged = await (await fetch(`${gateway}/api/openapi.json`)).json()
const operations = adminOperations(merged)
const { userModel } = await import(`${root}/services/auth/dist/models/user.js`)
const users = userModel(apps.auth.db)

const openApiPath = (url) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')

t.test('every admin route of every service is in the document with the capability it needs', async (t) => {
  t.same(merged['x-unavailable-services'], [])
  let count = 0
  for (const name of SERVICES)
    for (const r of apps[name].routeList.filter((r) => r.admin && !r.hidden && r.method !== 'HEAD')) {
      count++
      const op = merged.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]
      t.ok(op?.['x-capability']?.length, `${name}: ${r.method} ${r.url} names a capability`)
      for (const c of op?.['x-capability'] ?? []) t.ok(c in roles.CAPABILITIES, `${c} is a capability`)
    }
  t.equal(operations.length, count, 'the document lists exactly the admin routes')
  t.ok(count > 50, `${count} admin routes`)
})

t.test('each role is refused (403) exactly the routes whose capabilities it lacks', async (t) => {
  for (const role of ROLES) {
    // A real account of that role: the auth service's own routes read it.
    const user = await users.create({
      username: `matrix-${role}`,
      username_key: `matrix-${role}`,
      password_hash: '$argon2id$unused',
      role,
      languages: ['de'],
    })
    const { cookie } = await createTestSession(
      { REDIS_URL: shared.REDIS_URL, QUEUE_PREFIX: prefix },
      { id: String(user._id), username: `matrix-${role}`, role, languages: ['de'] },
    )
    for (const op of operations) {
      const url = `${gateway}${op.path.replace(/\{[^}]+\}/g, '0123456789abcdef01234567')}`
      const write = op.method !== 'GET' && op.method !== 'DELETE'
      const res = await fetch(url, {
        method: op.method,
        headers: {
          cookie,
          origin: TEST_ORIGIN,
          'x-requested-with': 'XMLHttpRequest',
          ...(write ? { 'content-type': 'application/json' } : {}),
        },
        body: write ? '{}' : undefined,
        redirect: 'manual',
      })
      const text = await res.text()
      const allowed = op.capabilities.some((c) => roleCan(role, c))
      const what = `${role} ${op.method} ${op.path} → ${res.status}`
      if (allowed) {
        if (!t.not(res.status, 403, what)) t.comment(text)
      } else {
        t.equal(res.status, 403, what)
        t.match(text, /FORBIDDEN_ROLE/, `${what}: the role's 403`)
      }
      t.not(res.status, 401, `${what}: the session was read`)
      if (!t.ok(res.status < 500, `${what}: no server error`)) t.comment(text)
    }
  }
})

t.test('docs/security.md: its role matrix is the contracts table and the document', async (t) => {
  const file = `${root}/docs/security.md`
  const text = readFileSync(file, 'utf8')
  const expected = replaceRoleMatrix(text, renderRoleMatrix(roles, merged))
  if (process.env.UPDATE_ROLE_DOC === '1' && expected !== text) writeFileSync(file, expected)
  else t.equal(text, expected, 'UPDATE_ROLE_DOC=1 npm test -- scripts/test/role-matrix.test.mjs rewrites it')
})
