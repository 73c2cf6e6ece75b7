// @tier unit
// scripts/lib/coverage.mjs: what Node's coverage recorded is reported per package with its
// least-covered files, every source file counted (a file nothing loaded at 0%), and a package
// under its floor (coverage-floors.json) fails the run only when the whole of the tiers ran.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { root } from '../lib/infra.mjs'
import { coverageDirs, reportCoverage } from '../lib/coverage.mjs'

const dir = mkdtempSync(join(tmpdir(), 'coverage-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
const write = (path, text) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true })
  writeFileSync(join(dir, path), text)
}
symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
const half = Array.from({ length: 10 }, (_, i) => `  if (x === ${i}) return ${i}`).join('\n')
write('packages/contracts/src/used.mjs', `export function pick(x) {\n${half}\n  return -1\n}\npick(0)\n`)
write(
  'packages/contracts/src/unused.mjs',
  Array.from({ length: 12 }, (_, i) => `export const n${i} = ${i}`).join('\n'),
)
write('gateway/src/all.mjs', 'export const one = 1\nexport const two = 2\n')
// A test process of the tiers: Node writes what it ran to the raw folder.
const run = (file) =>
  spawnSync(process.execPath, [join(dir, file)], {
    env: { ...process.env, NODE_V8_COVERAGE: coverageDirs(dir).raw },
  })
run('packages/contracts/src/used.mjs')
run('gateway/src/all.mjs')

function report(floors, hold) {
  write('coverage-floors.json', JSON.stringify(floors))
  const lines = []
  const ok = reportCoverage(dir, { hold, say: (m) => lines.push(m) })
  return { ok, out: lines.join('\n') }
}

t.test('per package, the least-covered files named, an unloaded file at 0%', async (t) => {
  const { ok, out } = report({ 'packages/contracts': { lines: 10, branches: 10 } }, true)
  t.ok(ok, out)
  t.match(out, /packages\/contracts\s+lines\s+\d+\.\d%\s+branches/)
  t.match(out, /gateway\s+lines\s+100\.0%/)
  t.match(out, /2 files; least: src\/unused\.mjs 0%, src\/used\.mjs \d+%/)
  t.notMatch(out, /UNDER ITS FLOOR/)
})

t.test('a package under its floor fails a whole run, and only a whole run', async (t) => {
  const floors = { 'packages/contracts': { lines: 99, branches: 10 } }
  const whole = report(floors, true)
  t.equal(whole.ok, false)
  t.match(whole.out, /packages\/contracts .*UNDER ITS FLOOR/)
  t.match(whole.out, /under its floor \(coverage-floors\.json\)/)
  const part = report(floors, false)
  t.equal(part.ok, true)
  t.match(part.out, /not held to the floors/)
})
