// @tier unit
// `npm run dev` beside a running `npm start` (and the other way round) says in one line that the
// fixed ports are taken and stops, before it starts a database or a single process (issue 45).
import t from 'tap'
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'

const root = new URL('../../', import.meta.url).pathname
const holder = createServer()
await new Promise((resolve) => holder.listen(0, '127.0.0.1', resolve))
t.teardown(() => holder.close())
const port = holder.address().port

function run(script) {
  const env = { ...process.env, PORT: String(port), LOG_FORMAT: 'json' }
  delete env.DEV_FREE_PORTS
  const child = spawn(process.execPath, [join(root, 'scripts', script)], { cwd: root, env })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })))
}

for (const script of ['dev.mjs', 'start.mjs']) {
  t.test(`${script} with the gateway's port taken`, async (t) => {
    const { code, out } = await run(script)
    t.equal(code, 1, 'stops')
    t.match(
      out,
      new RegExp(`${port} \\(gateway\\)[^"]* already in use: another \`npm start\` or \`npm run dev\``),
    )
    t.notMatch(out, /FerretDB|PostgreSQL|building/, 'before any database or build starts')
  })
}
