// Every test file declares its tier on its first line (scripts/lib/test-tiers.mjs), and none lets
// the clock decide whether an assertion is made: `npm run check` fails naming each file (and line)
// that does otherwise, and prints how many files each tier holds.
// Usage: node scripts/check-test-tiers.mjs [dir]   (a git work tree; default: this repository)
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { clockGuardedLines, filesByTier, TIERS, undeclaredMessage } from './lib/test-tiers.mjs'

const dir = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)))
const { byTier, undeclared } = filesByTier(dir)
for (const f of undeclared) console.error(undeclaredMessage(f))
let guarded = 0
for (const f of Object.values(byTier).flat()) {
  for (const line of clockGuardedLines(readFileSync(join(dir, f), 'utf8'))) {
    guarded++
    console.error(
      `${f}:${line}: an assertion made or skipped by the clock: make it every time (time as an input, README "Tests")`,
    )
  }
}
if (undeclared.length || guarded) process.exit(1)
console.log(`test tiers: ${TIERS.map((t) => `${byTier[t].length} ${t}`).join(', ')}`)
