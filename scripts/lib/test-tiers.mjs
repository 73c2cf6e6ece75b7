// The test tiers (README, "Tests"): every test file says on its first line which tier it is in,
// `// @tier unit`, `// @tier services` or `// @tier stack`, and `npm test` and the tier scripts
// read it there, so a new file is sorted where it is written, not in a list kept elsewhere.
//   unit      no build, no database, no Redis: pure code, from source (the "site-source" condition)
//   services  MongoDB and Redis (app.inject, the kit's testApp), from source
//   stack     whole stacks of built processes, Chromium: needs the builds
import { execFileSync } from 'node:child_process'
import { existsSync, openSync, readSync, closeSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

export const TIERS = ['unit', 'services', 'stack']
/** Test files as tap's config includes them (`test/` folders, `.test.ts` and `.test.mjs`). */
const TEST_FILE = /(^|\/)test\/(.*\/)?[^/]+\.test\.(ts|mjs)$/
const EXCLUDED = /(^|\/)(node_modules|dist)\//
const DECLARATION = /^\/\/ @tier (\S+)/

/** The test files of a work tree (tracked, or new and not ignored), as paths relative to it. */
export function testFiles(dir) {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter((f) => TEST_FILE.test(f) && !EXCLUDED.test(f) && existsSync(join(dir, f)))
    .sort()
}

/** The tier a file declares on its first line, or null (none, or not one of TIERS). */
export function tierOf(path) {
  const fd = openSync(path, 'r')
  const buf = Buffer.alloc(200)
  const n = readSync(fd, buf, 0, buf.length, 0)
  closeSync(fd)
  const first = buf.subarray(0, n).toString('utf8').split('\n')[0] ?? ''
  const tier = DECLARATION.exec(first)?.[1]
  return tier && TIERS.includes(tier) ? tier : null
}

/**
 * The test files of `dir` by tier, and the ones without a (known) tier. `only`: paths (files or
 * folders, relative to `cwd`) to keep to, as `npm test -- services/auth` asks.
 */
export function filesByTier(dir, only = [], cwd = dir) {
  const wanted = only.map((p) => relative(dir, resolve(cwd, p)).replace(/\/$/, ''))
  const keep = (f) => !wanted.length || wanted.some((w) => w === '' || f === w || f.startsWith(`${w}/`))
  const byTier = Object.fromEntries(TIERS.map((t) => [t, []]))
  const undeclared = []
  for (const f of testFiles(dir).filter(keep)) {
    const tier = tierOf(join(dir, f))
    if (tier) byTier[tier].push(f)
    else undeclared.push(f)
  }
  return { byTier, undeclared }
}

/** What `npm run check` and the runner say about a file that declares no tier. */
export const undeclaredMessage = (f) =>
  `${f}: no tier declared: its first line must be \`// @tier unit\`, \`// @tier services\` or \`// @tier stack\` (README, "Tests")`

/**
 * An assertion the clock decides whether to make (issue 43: no test's number of assertions may
 * depend on the machine's speed): `if (…Date.now()|performance.now()|getTime()…) t.ok(…)` on one
 * line, or `else t.comment(…)` standing in for an assertion. Answers the 1-based line numbers.
 */
const CLOCK_GUARD =
  /\bif \(.*(Date\.now\(\)|performance\.now\(\)|getTime\(\)).*\)\s*(t|tt)\.[a-zA-Z]+\(|\belse\s+(t|tt)\.comment\(/
export const clockGuardedLines = (text) =>
  text.split('\n').flatMap((line, i) => (CLOCK_GUARD.test(line) ? [i + 1] : []))
