// @tier unit
// npm run dev loads the workspace packages from their TypeScript (the "site-source" export condition,
// scripts/lib/dev-processes.mjs), so a clean clone needs no build: every export of a package under
// packages/ must name its source beside its build, or a process importing it fails at start in dev.
import t from 'tap'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from '../lib/infra.mjs'

for (const name of readdirSync(join(root, 'packages'))) {
  const dir = join(root, 'packages', name)
  if (!existsSync(join(dir, 'package.json'))) continue
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  t.test(pkg.name, async (t) => {
    for (const [path, entry] of Object.entries(pkg.exports ?? {})) {
      const source = entry['site-source']
      t.type(source, 'string', `${path} has a "site-source" condition`)
      if (typeof source !== 'string') continue
      t.ok(existsSync(join(dir, source)), `${path}: ${source} exists`)
      t.ok(
        Object.keys(entry).indexOf('site-source') < Object.keys(entry).indexOf('default'),
        `${path}: before "default"`,
      )
    }
  })
}
