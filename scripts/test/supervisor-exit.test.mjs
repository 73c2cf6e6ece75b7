// @tier unit
// A process that ends without stopping its supervisor (an uncaught error, process.exit, tap ending
// a test file at its timeout) must not leave the supervised processes running: a test stack left
// behind holds the machine's CPU for the rest of the run. Each case starts a parent process with a
// Supervisor and one long-lived child, ends the parent the way named, and checks the child is gone.
import t from 'tap'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const dir = mkdtempSync(join(tmpdir(), 'supervisor-exit-'))
const supervisorUrl = pathToFileURL(join(import.meta.dirname, '../lib/supervisor.mjs')).href
const tapUrl = import.meta.resolve('tap')

/** The parent: prints its child's pid once the child runs, then ends as `how` says. */
function parentScript(how) {
  const end = {
    exit: 'process.exit(0)',
    throw: "setTimeout(() => { throw new Error('unexpected') })",
    // What tap does at a file's timeout: SIGALRM, which tap's own handler turns into an exit.
    'tap timeout': "process.kill(process.pid, 'SIGALRM')",
  }[how]
  return `
    ${how === 'tap timeout' ? `import t from '${tapUrl}'\nt.pass('started')` : ''}
    import { Supervisor } from '${supervisorUrl}'
    import { Writable } from 'node:stream'
    const out = new Writable({ write: (_c, _e, cb) => cb() })
    const supervisor = new Supervisor({ out, onSpawn: (_name, child) => {
      child.once('spawn', () => {
        console.log('CHILD ' + child.pid)
        setTimeout(() => { ${end} }, 200)
      })
    } })
    supervisor.add({ name: 'sleeper', args: ['-e', 'setInterval(() => {}, 1000)'], cwd: process.cwd(), env: {} })
    setInterval(() => {}, 1000)
  `
}

/** Running, not a zombie that the orphans' reaper has yet to collect. */
const alive = (pid) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

for (const how of ['exit', 'throw', 'tap timeout']) {
  t.test(`the parent ends by ${how}: its supervised child stops too`, async (t) => {
    const file = join(dir, `${how.replace(' ', '-')}.mjs`)
    writeFileSync(file, parentScript(how))
    const parent = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    parent.stdout.on('data', (d) => (output += d))
    parent.stderr.on('data', (d) => (output += d))
    const code = await new Promise((resolve) => parent.on('exit', (c, s) => resolve(c ?? s)))
    const pid = Number(/CHILD (\d+)/.exec(output)?.[1])
    t.ok(pid > 0, `the child had started (${how}; parent ended with ${code})`)
    t.teardown(() => {
      if (alive(pid)) process.kill(pid, 'SIGKILL')
    })
    let gone = false
    for (let i = 0; i < 100 && !(gone = !alive(pid)); i++) await new Promise((r) => setTimeout(r, 100))
    t.ok(gone, `child ${pid} is gone within 10 s of its parent's end`)
  })
}
