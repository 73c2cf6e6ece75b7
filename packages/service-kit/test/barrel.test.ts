// @tier stack
// The kit's barrel is imported by every process, the gateway included, which has no database and
// no queues: it must not load the MongoDB driver or BullMQ (they cost each such process idle
// memory). Runs a fresh Node with the module tracer the idle bench uses and reads what it loaded.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const tracer = fileURLToPath(new URL('../../../bench/scale/module-tracer.mjs', import.meta.url))
const barrel = new URL('../dist/index.js', import.meta.url).href

function packagesLoadedBy(code: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'kit-barrel-'))
  try {
    const run = spawnSync(process.execPath, ['--import', tracer, '--input-type=module', '-e', code], {
      env: { ...process.env, MODULE_TRACE_DIR: dir },
      encoding: 'utf8',
    })
    if (run.status !== 0) throw new Error(run.stderr)
    const [file] = readdirSync(dir)
    const { modules } = JSON.parse(readFileSync(join(dir, file!), 'utf8')) as { modules: string[] }
    return [
      ...new Set(
        modules.flatMap((url) => {
          const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)
          return m ? [m[1]!] : []
        }),
      ),
    ]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

t.test('importing the barrel loads neither mongoose, bullmq nor swagger', async (t) => {
  const loaded = packagesLoadedBy(`await import(${JSON.stringify(barrel)})`)
  t.ok(loaded.includes('fastify'), 'the tracer sees the barrel’s own packages')
  t.notOk(loaded.includes('mongoose'), 'mongoose waits for the first connection')
  t.notOk(loaded.includes('mongodb'), 'nor the driver')
  t.notOk(loaded.includes('bullmq'), 'BullMQ is in @site/service-kit/queues')
  t.notOk(loaded.includes('@fastify/swagger'), 'swagger waits for createService (workers serve no API)')
})

t.test('a connection loads mongoose', async (t) => {
  // connectMongo against a port nobody listens on: it gives up quickly and the driver is loaded.
  const loaded = packagesLoadedBy(
    `const kit = await import(${JSON.stringify(barrel)});` +
      `const c = await kit.connectMongo({ url: 'mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=200', dbName: 'x' });` +
      `await c.close()`,
  )
  t.ok(loaded.includes('mongoose'))
})
