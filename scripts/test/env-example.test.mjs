// @tier unit
// `.env.example` must name every variable that a process's config schema reads (README promise).
import t from 'tap'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import registry from '../../services.json' with { type: 'json' }

const root = fileURLToPath(new URL('../../', import.meta.url))
const example = readFileSync(`${root}.env.example`, 'utf8')
const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]))
const modules = Object.keys(registry.services)
  .map((s) => `services/${s}/src/config.ts`)
  .concat('gateway/src/config.ts')
  // From source (tsx), as the web server is (Vite bundles it: no tsc dist).
  .concat('web/server/config.ts')

for (const path of modules) {
  const mod = await import(`${root}${path}`)
  const schemas = Object.entries(mod).filter(
    ([name, v]) => /[pP]roperties$/.test(name) && v && typeof v === 'object',
  )
  t.ok(schemas.length > 0, `${path} exports its config properties`)
  for (const [, props] of schemas) {
    for (const name of Object.keys(props)) t.ok(listed.has(name), `${name} (${path}) is in .env.example`)
  }
}
