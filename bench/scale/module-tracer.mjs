// Preloaded with `--import` by bench/scale/idle.mjs: records every module a process loads (ESM and
// CommonJS), and writes the list to $MODULE_TRACE_DIR/<pid>.json when asked (SIGUSR2) or on exit.
import { registerHooks } from 'node:module'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

const loaded = new Set()
registerHooks({
  resolve(specifier, context, next) {
    const r = next(specifier, context)
    if (r.url?.startsWith('file:')) loaded.add(r.url)
    return r
  },
})
const dump = () => {
  if (!process.env.MODULE_TRACE_DIR) return
  writeFileSync(
    join(process.env.MODULE_TRACE_DIR, `${process.pid}.json`),
    JSON.stringify({ pid: process.pid, argv: process.argv.slice(1), modules: [...loaded] }),
  )
}
process.on('SIGUSR2', dump)
process.on('exit', dump)
