// @tier unit
// The contact form's own proof-of-work solver (web/src/features/contact/lib/proof-solve.ts, the
// loop the browser's worker runs with crypto.subtle) against challenges of altcha-lib, the library
// the contact service issues and verifies them with: its answer verifies there.
import t from 'tap'
import { createChallenge, verifySolution } from 'altcha-lib/v1'
import { solveProof } from '../../src/features/contact/lib/proof-solve.ts'

const KEY = 'unit-test-hmac-key-0123456789abcdef012345'

t.test('the solver finds the number, and the payload verifies with altcha-lib', async (t) => {
  for (const number of [0, 255, 256, 1234]) {
    const c = await createChallenge({ hmacKey: KEY, maxnumber: 2000, number })
    const found = await solveProof({ challenge: c.challenge, salt: c.salt, max: 2000 })
    t.equal(found, number, `number ${number} (batch edges)`)
    const payload = btoa(JSON.stringify({ ...c, number: found }))
    t.ok(await verifySolution(payload, KEY), 'accepted by the verifier')
  }
})

t.test('no number in range: null; a stop request ends the search', async (t) => {
  const c = await createChallenge({ hmacKey: KEY, maxnumber: 5000, number: 4000 })
  t.equal(await solveProof({ challenge: c.challenge, salt: c.salt, max: 300 }), null, 'out of range')
  let asked = 0
  t.equal(
    await solveProof({ challenge: c.challenge, salt: c.salt, max: 5000 }, () => ++asked > 2),
    null,
    'stopped after two batches',
  )
})
