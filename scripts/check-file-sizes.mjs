// No source file over 300 lines (docs/design.md §8: most under 150): `npm run check` fails naming
// each one. Source: the repository's code and styles (.ts .tsx .mts .cts .js .mjs .cjs .css) that git
// tracks or would add, except tests (a `test/` folder) and benchmarks (`bench/`): a browser test
// file deliberately holds many checks, since each file starts a whole stack.
// Usage: node scripts/check-file-sizes.mjs [dir]   (a git work tree; default: this repository)
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const MAX_LINES = 300
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css)$/
const EXEMPT = /(^|\/)(test|bench)\/|\.d\.ts$/

/** The source files of a work tree over `max` lines, as `{ file, lines }`, longest first. */
export function oversized(dir, max = MAX_LINES) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: dir,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => SOURCE.test(f) && !EXEMPT.test(f) && existsSync(join(dir, f)))
  return files
    .map((file) => ({ file, lines: readFileSync(join(dir, file), 'utf8').split('\n').length - 1 }))
    .filter((f) => f.lines > max)
    .sort((a, b) => b.lines - a.lines)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)))
  const found = oversized(dir)
  for (const { file, lines } of found)
    console.error(`${file}: ${lines} lines (at most ${MAX_LINES}: split it where it divides)`)
  if (found.length) process.exit(1)
  console.log(`file sizes: no source file over ${MAX_LINES} lines`)
}
