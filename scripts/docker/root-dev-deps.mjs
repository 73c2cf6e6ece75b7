// For the image builds: keeps only the named root devDependencies, in package.json and alike in
// package-lock.json, so that `npm ci -w <workspace> --include-workspace-root` installs the
// workspaces' own dependencies plus these (the compiler and Node's types), at their locked versions
// and integrity, instead of the root's whole toolbox (lint, tests, benchmarks, Lighthouse).
//   node scripts/docker/root-dev-deps.mjs typescript @types/node     (in /app, inside the build)
// npm ci still finds the two files in sync; lockfile entries nothing depends on any more are
// never installed.
import { readFileSync, writeFileSync } from 'node:fs'

const keep = new Set(process.argv.slice(2))
if (keep.size === 0) {
  console.error('usage: node scripts/docker/root-dev-deps.mjs <package>...')
  process.exit(2)
}
const pick = (deps = {}) => Object.fromEntries(Object.entries(deps).filter(([name]) => keep.has(name)))

const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
const missing = [...keep].filter((name) => !pkg.devDependencies?.[name])
if (missing.length) {
  console.error(`not a root devDependency: ${missing.join(', ')}`)
  process.exit(1)
}
pkg.devDependencies = pick(pkg.devDependencies)
lock.packages[''].devDependencies = pick(lock.packages[''].devDependencies)
writeFileSync('package.json', JSON.stringify(pkg, null, 2) + '\n')
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n')
console.log(`root devDependencies kept: ${[...keep].join(', ')}`)
