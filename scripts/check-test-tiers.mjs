// Every test file declares its tier on its first line (scripts/lib/test-tiers.mjs): `npm run check`
// fails naming each one that does not, and prints how many files each tier holds.
// Usage: node scripts/check-test-tiers.mjs [dir]   (a git work tree; default: this repository)
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { filesByTier, TIERS, undeclaredMessage } from './lib/test-tiers.mjs'

const dir = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)))
const { byTier, undeclared } = filesByTier(dir)
for (const f of undeclared) console.error(undeclaredMessage(f))
if (undeclared.length) process.exit(1)
console.log(`test tiers: ${TIERS.map((t) => `${byTier[t].length} ${t}`).join(', ')}`)
