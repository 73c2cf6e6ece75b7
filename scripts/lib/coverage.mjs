// Line and branch coverage of the unit and services tiers (README, "Tests"): Node's own coverage
// (NODE_V8_COVERAGE, set by scripts/test.mjs for those tiers' test processes and what they start)
// turned into a report by c8, mapped to the TypeScript sources through their source maps. Printed
// per package with its least-covered files, and held to the floors of coverage-floors.json when the
// whole of both tiers ran: a package under its floor fails `npm test` (and so CI).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The packages coverage is counted by: each workspace's source folders. */
export const PACKAGES = {
  'packages/contracts': ['src'],
  'packages/service-kit': ['src'],
  'services/auth': ['src'],
  'services/content': ['src'],
  'services/blog': ['src'],
  'services/chat': ['src'],
  'services/contact': ['src'],
  gateway: ['src'],
  web: ['src', 'server'],
}

/** Where this run's processes write (its own folder: two runs in one checkout keep apart). */
export const coverageDirs = (root) => ({
  raw: join(root, `.tap/site-coverage/raw-${process.pid}`),
  report: join(root, '.tap/site-coverage/report'),
})

export function resetCoverage(root) {
  rmSync(coverageDirs(root).raw, { recursive: true, force: true })
}

const pct = (c, t) => (t ? (100 * c) / t : 100)
const fmt = (n) => `${n.toFixed(1)}%`.padStart(6)

/**
 * Keeps of each process's record only our packages' sources (Node records everything it ran, the
 * dependencies and its own internals included: about 4 MB a process), so that c8 reads tens of
 * megabytes for a whole run, not gigabytes.
 */
function slim(root, raw) {
  const ours = Object.entries(PACKAGES).flatMap(([p, dirs]) =>
    dirs.map((d) => `${pathToFileURL(join(root, p, d)).href}/`),
  )
  const keep = (url) => ours.some((o) => url.startsWith(o))
  for (const name of readdirSync(raw)) {
    if (!name.endsWith('.json')) continue
    const file = join(raw, name)
    let record
    try {
      record = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      rmSync(file, { force: true }) // a process ended while writing it
      continue
    }
    if (record.slim) continue
    record.result = (record.result ?? []).filter((r) => keep(r.url))
    const maps = record['source-map-cache'] ?? {}
    record['source-map-cache'] = Object.fromEntries(Object.entries(maps).filter(([url]) => keep(url)))
    record.slim = true
    writeFileSync(file, JSON.stringify(record))
  }
}

/**
 * Reports what the runs wrote to the raw folder. `hold`: check the floors. Answers false when a
 * package is under its floor (or the report could not be made), true otherwise.
 */
export function reportCoverage(root, { hold, say }) {
  const { raw, report } = coverageDirs(root)
  if (!existsSync(raw)) {
    say('coverage: nothing was recorded')
    return !hold
  }
  slim(root, raw)
  const include = Object.entries(PACKAGES).flatMap(([p, dirs]) => dirs.map((d) => `${p}/${d}/**`))
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/c8/bin/c8.js'),
      'report',
      `--temp-directory=${raw}`,
      `--report-dir=${report}`,
      '--reporter=json-summary',
      '--exclude-after-remap',
      // Every source file counts, loaded or not: a tier adding tests can only raise a package's
      // figures, and a file no test loads is named at 0%.
      '--all',
      ...include.map((g) => `--include=${g}`),
    ],
    { cwd: root, encoding: 'utf8' },
  )
  const file = join(report, 'coverage-summary.json')
  if (r.status !== 0 || !existsSync(file)) {
    say(`coverage: the report failed: ${r.stderr || r.stdout}`)
    return false
  }
  const summary = JSON.parse(readFileSync(file, 'utf8'))
  const floors = JSON.parse(readFileSync(join(root, 'coverage-floors.json'), 'utf8'))
  const byPackage = new Map(Object.keys(PACKAGES).map((p) => [p, []]))
  for (const [path, s] of Object.entries(summary)) {
    if (path === 'total') continue
    const rel = relative(root, path)
    const pkg = Object.keys(PACKAGES).find((p) => rel.startsWith(`${p}/`))
    if (pkg) byPackage.get(pkg).push({ rel, s })
  }
  say('coverage (unit and services tiers; files they load), lines and branches:')
  let ok = true
  for (const [pkg, files] of byPackage) {
    const sum = (k, f) => files.reduce((n, x) => n + x.s[k][f], 0)
    // A partial run: only the packages it reached.
    if (!hold && sum('lines', 'covered') === 0) continue
    const lines = pct(sum('lines', 'covered'), sum('lines', 'total'))
    const branches = pct(sum('branches', 'covered'), sum('branches', 'total'))
    const floor = floors[pkg] ?? { lines: 0, branches: 0 }
    const under = lines < floor.lines || branches < floor.branches
    if (under && hold) ok = false
    const least = files
      .filter((x) => x.s.lines.total >= 10)
      .sort((a, b) => a.s.lines.pct - b.s.lines.pct)
      .slice(0, 3)
      .map((x) => `${relative(pkg, x.rel)} ${x.s.lines.pct.toFixed(0)}%`)
    say(
      `  ${pkg.padEnd(21)} lines ${fmt(lines)}  branches ${fmt(branches)}  (floor ${floor.lines}/${floor.branches})` +
        `${under && hold ? '  UNDER ITS FLOOR' : ''}  ${files.length} files; least: ${least.join(', ') || '-'}`,
    )
  }
  if (![...byPackage.values()].some((files) => files.some((x) => x.s.lines.covered > 0)))
    say('  (no package source was loaded)')
  if (!hold) say('coverage: not held to the floors (only part of the unit and services tiers ran)')
  else if (!ok) say('coverage: a package is under its floor (coverage-floors.json): cover what was left out')
  return ok
}
