// @tier unit
// One after-write path (design: "Changes are first-class"): every route and worker that writes
// goes through the kit's change log (`afterWrite`), which forgets the read layers, records the
// change and announces its keys, in that order. No service publishes a purge or a cache clearing of
// its own (a purge sent beside the outbox can overtake a replica's clearing, and is lost with Redis).
import t from 'tap'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

const services = readdirSync(join(root, 'services')).map((s) => join(root, 'services', s, 'src'))
const files = services.flatMap(sources)

t.test('no service builds a purge message or publishes on Redis by hand', async (t) => {
  t.ok(files.length > 50, `${files.length} service sources read`)
  const offenders = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    return [/\bpurgeChannel\b/, /\bPurgeMessage\b/, /\.publish\(/]
      .filter((pattern) => pattern.test(text))
      .map((pattern) => `${relative(root, file)}: ${pattern.source}`)
  })
  t.same(offenders, [], 'purges and cache clearings go through the kit only')
})

t.test('no service assembles its own after-write sequence', async (t) => {
  const offenders = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    // The old ways: a record without the read layers, a version bumped or a cache cleared by hand.
    return [/\bchanges\.record\(/, /\bbumpPostsVersion\b/, /\binvalidateChannel\b/, /\.invalidate\(/]
      .filter((pattern) => pattern.test(text))
      .map((pattern) => `${relative(root, file)}: ${pattern.source}`)
  })
  t.same(offenders, [], 'every write calls afterWrite')
})
