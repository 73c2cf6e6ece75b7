// `npm run test:watch` (scripts/test.mjs --watch): runs the unit and services tiers' files once,
// then, on each save, the test files that loaded the saved file (what tap's process info recorded
// of each test process and the processes it started, .tap/processinfo) or the saved test file
// itself. Ctrl-C ends it.
import { readdirSync, readFileSync, watch } from 'node:fs'
import { join, relative } from 'node:path'

const IGNORED = /(^|\/)(node_modules|\.git|\.tap|\.data|\.tools|dist|dist-server|\.tsbuild)(\/|$)/

/** Test file (relative) → the absolute paths of every file its processes loaded. */
function loadedBy(root) {
  const dir = join(root, '.tap/processinfo')
  const infos = []
  for (const f of readdirSync(dir, { withFileTypes: true })) {
    if (!f.isFile() || !f.name.endsWith('.json')) continue
    try {
      infos.push(JSON.parse(readFileSync(join(dir, f.name), 'utf8')))
    } catch {
      // a record being written: the next save reads it
    }
  }
  const byUuid = new Map(infos.map((i) => [i.uuid, i]))
  const map = new Map()
  for (const i of infos) {
    const test = i.externalID ?? byUuid.get(i.root)?.externalID
    if (!test) continue
    const set = map.get(test) ?? new Set()
    for (const file of i.files ?? []) set.add(file)
    map.set(test, set)
  }
  return map
}

/**
 * Runs `files` (relative to `root`) with `runTap(files)`, then on each change the files among them
 * that loaded the changed file. Never resolves; the caller ends the process.
 */
export async function watchTests({ root, files, runTap, say }) {
  const known = new Set(files)
  await runTap(files)
  let map = loadedBy(root)
  let pending = new Set()
  let timer = null
  let running = Promise.resolve()
  say(`watching for changes (${files.length} test files); Ctrl-C ends it`)
  watch(root, { recursive: true }, (_event, name) => {
    if (!name || IGNORED.test(name)) return
    pending.add(join(root, name))
    clearTimeout(timer)
    timer = setTimeout(() => {
      const changed = pending
      pending = new Set()
      running = running.then(async () => {
        const tests = [...known].filter(
          (t) => changed.has(join(root, t)) || [...changed].some((c) => map.get(t)?.has(c)),
        )
        const names = [...changed].map((c) => relative(root, c)).join(', ')
        if (!tests.length) return say(`${names}: no test of the watched tiers loads it`)
        say(`${names}: running ${tests.join(' ')}`)
        await runTap(tests)
        map = new Map([...map, ...loadedBy(root)])
      })
    }, 200)
  })
  return new Promise(() => {})
}
