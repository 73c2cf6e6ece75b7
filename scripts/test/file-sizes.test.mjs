// @tier unit
// scripts/check-file-sizes.mjs: a source file over 300 lines fails `npm run check`; tests,
// benchmarks, non-code files and ignored files do not count; the repository passes.
import t from 'tap'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { root } from '../lib/infra.mjs'

const checker = join(root, 'scripts/check-file-sizes.mjs')
const lines = (n) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i}`).join('\n') + '\n'

t.test('a tree with long files: only the long sources are named', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'file-sizes-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const files = {
    'services/x/src/long.ts': lines(301),
    'services/x/src/limit.ts': lines(300),
    'web/src/styles/long.css': '.a{}\n'.repeat(350),
    'services/x/test/long.test.ts': lines(400),
    'bench/long/run.mjs': lines(400),
    'notes/long.md': 'text\n'.repeat(500),
    'dist/long.js': lines(400),
    '.gitignore': 'dist/\n',
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  execFileSync('git', ['init', '-q'], { cwd: dir })
  const run = spawnSync(process.execPath, [checker, dir], { encoding: 'utf8' })
  t.equal(run.status, 1)
  t.same(run.stderr.trim().split('\n'), [
    'web/src/styles/long.css: 350 lines (at most 300: split it where it divides)',
    'services/x/src/long.ts: 301 lines (at most 300: split it where it divides)',
  ])
})

t.test('the repository passes', async (t) => {
  const run = spawnSync(process.execPath, [checker], { encoding: 'utf8' })
  t.equal(run.status, 0, run.stderr)
  t.match(run.stdout, 'no source file over 300 lines')
})
