// Run by analytics-fold.test.ts in a Node with a small heap: folds `count` views that a generator
// makes one at a time (far more than that heap can hold at once) and prints the day's document.
import { foldDay, type RolledHit } from '../../src/analytics/rollup.js'

const DEVICES = ['desktop', 'mobile', 'tablet', 'bot'] as const

/** The i-th view of the sequence: every field repeats with a period dividing 1000. */
export const nthView = (i: number): RolledHit => ({
  path: `/blog/p-${i % 50}`,
  lang: i % 25 === 0 ? 'en' : 'nl',
  ref: i % 20 === 0 ? 'a.example' : i % 8 === 0 ? 'b.example' : null,
  source: i % 10 === 0 ? 'mail' : null,
  medium: i % 40 === 0 ? 'email' : null,
  campaign: null,
  device: DEVICES[i % 4]!,
  visitor: i % 5 === 0 ? null : `v${i % 1000}`,
})

async function* views(count: number) {
  for (let i = 0; i < count; i++) yield nthView(i)
}

if (process.argv[2]) {
  const doc = await foldDay('2026-11-28', views(Number(process.argv[2])))
  process.stdout.write(JSON.stringify(doc))
}
