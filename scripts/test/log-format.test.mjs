// @tier unit
// `npm start`'s merged log: pretty on a terminal, JSON lines in a pipe, and
// LOG_FORMAT=json forces JSON. Real child processes write real pino lines through the Supervisor;
// the output stream only claims to be a terminal (isTTY), as process.stdout does on one.
import t from 'tap'
import { Writable } from 'node:stream'
import { Supervisor } from '../lib/supervisor.mjs'
import { wantsPretty } from '../lib/log-format.mjs'
import { root } from '../lib/infra.mjs'

// A child that logs like a service (pino, JSON lines) and then prints one plain line, as a crash would.
const CHILD = `
import pino from 'pino'
const log = pino({ base: { service: 'demo' } }, pino.destination({ dest: 1, sync: true }))
log.info({ jobId: '42' }, 'import finished')
log.warn('slow upstream')
process.stdout.write('plain text line\\n')
setInterval(() => {}, 1000)
`

class Capture extends Writable {
  constructor(isTTY) {
    super()
    this.isTTY = isTTY
    this.text = ''
  }
  _write(chunk, _enc, cb) {
    this.text += chunk
    cb()
  }
}

async function runOnce(out, opts = {}) {
  const sup = new Supervisor({ out, ...opts })
  sup.add({ name: 'demo', cwd: root, args: ['--input-type=module', '-e', CHILD], env: {} })
  for (let i = 0; i < 100 && !out.text.includes('plain text line'); i++)
    await new Promise((r) => setTimeout(r, 100))
  await sup.stopAll()
  return out.text.trimEnd().split('\n')
}

// eslint-disable-next-line no-control-regex -- ANSI colour codes
const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '')

t.test('a terminal gets pretty lines behind the process name', async (t) => {
  const lines = (await runOnce(new Capture(true))).map(strip)
  t.equal(lines.length, 3)
  t.match(lines[0], /^demo \| \[\d\d:\d\d:\d\d\.\d{3}\] INFO: import finished .*jobId.*42/)
  t.match(lines[1], /^demo \| \[[\d:.]+\] WARN: slow upstream/)
  t.equal(lines[2], 'demo | plain text line')
  for (const l of lines) t.notMatch(l, /"level"/, 'no raw JSON on the terminal')
})

t.test('a pipe gets one JSON object per line, non-JSON output wrapped', async (t) => {
  const lines = await runOnce(new Capture(false))
  t.equal(lines.length, 3)
  const objs = lines.map((l) => JSON.parse(l))
  t.match(objs[0], { level: 30, service: 'demo', jobId: '42', msg: 'import finished' })
  t.match(objs[1], { level: 40, msg: 'slow upstream' })
  t.match(objs[2], { level: 30, service: 'demo', msg: 'plain text line' })
  t.type(objs[2].time, 'number')
})

t.test('LOG_FORMAT=json forces JSON on a terminal; LOG_FORMAT=pretty forces pretty', async (t) => {
  t.equal(wantsPretty({ isTTY: true }, {}), true)
  t.equal(wantsPretty({ isTTY: false }, {}), false)
  t.equal(wantsPretty({ isTTY: true }, { LOG_FORMAT: 'json' }), false)
  t.equal(wantsPretty({ isTTY: false }, { LOG_FORMAT: 'pretty' }), true)
  const prev = process.env.LOG_FORMAT
  process.env.LOG_FORMAT = 'json'
  t.teardown(() => (prev === undefined ? delete process.env.LOG_FORMAT : (process.env.LOG_FORMAT = prev)))
  const lines = await runOnce(new Capture(true))
  t.match(JSON.parse(lines[0]), { msg: 'import finished' }, 'the default Supervisor reads LOG_FORMAT')
})
