// @tier unit
// scripts/check-test-tiers.mjs (in `npm run check`) and the runner: each test file's first line
// declares its tier; a file with none, or with an unknown one, fails the check, named; files
// outside `test/` folders and ignored ones do not count; an assertion the clock makes or skips
// fails it too; the repository passes.
import t from 'tap'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { root } from '../lib/infra.mjs'
import { filesByTier } from '../lib/test-tiers.mjs'

const checker = join(root, 'scripts/check-test-tiers.mjs')

function tree(files) {
  const dir = mkdtempSync(join(tmpdir(), 'test-tiers-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  execFileSync('git', ['init', '-q'], { cwd: dir })
  return dir
}

t.test('a tree with undeclared tiers: each one named, the check fails', async (t) => {
  const dir = tree({
    'a/test/pure.test.ts': '// @tier unit\nimport t from "tap"\n',
    'a/test/db.test.mjs': '// @tier services\n',
    'a/test/deep/stack.test.ts': '// @tier stack\n',
    'a/test/none.test.ts': '// a test about nothing\n// @tier unit\n',
    'b/test/wrong.test.mjs': '// @tier fast\n',
    'b/test/helper.ts': 'export const x = 1\n',
    'b/src/thing.test.ts': 'not in a test folder\n',
    'dist/test/built.test.mjs': 'ignored\n',
    '.gitignore': 'dist/\n',
  })
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const { byTier, undeclared } = filesByTier(dir)
  t.same(byTier, {
    unit: ['a/test/pure.test.ts'],
    services: ['a/test/db.test.mjs'],
    stack: ['a/test/deep/stack.test.ts'],
  })
  t.same(undeclared, ['a/test/none.test.ts', 'b/test/wrong.test.mjs'], 'the tier must be on the first line')
  t.same(filesByTier(dir, ['a/test/deep']).byTier.stack, ['a/test/deep/stack.test.ts'], 'kept to a folder')
  const r = spawnSync(process.execPath, [checker, dir], { encoding: 'utf8' })
  t.equal(r.status, 1)
  t.match(r.stderr, /a\/test\/none\.test\.ts: no tier declared/)
  t.match(r.stderr, /b\/test\/wrong\.test\.mjs: no tier declared/)
  t.notMatch(r.stderr, /pure|helper|thing|built/)
})

t.test('an assertion the clock makes or skips fails the check, with its line', async (t) => {
  // Spelled in pieces, so that this file itself passes the check.
  const [now, at, T] = ['Date.now()', 'at.getTime()', 't']
  const dir = tree({
    'a/test/slow.test.ts': [
      '// @tier stack',
      "import t from 'tap'",
      `if (${now} < ${at} - 150) ${T}.ok(absent, 'before')`,
      `if (up < ${at}) ${T}.ok(late < 1000, 'in time')`,
      `else ${T}.comment('too slow to tell')`,
      `${T}.ok(${now} > 0, 'an assertion about the clock is fine')`,
    ].join('\n'),
  })
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const r = spawnSync(process.execPath, [checker, dir], { encoding: 'utf8' })
  t.equal(r.status, 1)
  const lines = [...r.stderr.matchAll(/slow\.test\.ts:(\d+): an assertion made or skipped by the clock/g)]
  t.same(
    lines.map((m) => Number(m[1])),
    [3, 4, 5],
  )
})

t.test('the repository: every test file declares its tier', async (t) => {
  const r = spawnSync(process.execPath, [checker], { encoding: 'utf8' })
  t.equal(r.status, 0, r.stderr)
  t.match(r.stdout, /^test tiers: \d+ unit, \d+ services, \d+ stack/)
})
