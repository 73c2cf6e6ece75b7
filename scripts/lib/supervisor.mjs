// Runs processes with one merged log stream, restarts a crashed one with backoff, and stops them
// all on request. The processes always log pino JSON lines; the supervisor decides how they reach
// its output (see log-format.mjs): pretty and prefixed per process on a terminal, JSON otherwise.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { onExit } from 'signal-exit'
import { stopChild } from './infra.mjs'
import { logFormatter, wantsPretty } from './log-format.mjs'

const COLORS = [36, 32, 33, 35, 34, 91, 92, 93, 94, 95]

// Supervisors with children still running. When their process ends without stopAll() (an uncaught
// error, process.exit, a fatal signal, tap ending a test file at its timeout with SIGALRM), the
// children are told to stop there and then: otherwise a whole stack would outlive its test and hold
// the machine's CPU. signal-exit, which tap uses for the same signals, runs this and then lets the
// signal end the process as it would have. A process killed with SIGKILL runs no handler.
const live = new Set()
let exitHandlerInstalled = false
function stopOrphansOnExit() {
  if (exitHandlerInstalled) return
  exitHandlerInstalled = true
  onExit(() => {
    for (const supervisor of live) supervisor.signalAll()
  })
}

export class Supervisor {
  /**
   * @param {{ out?: NodeJS.WritableStream & { isTTY?: boolean }, pretty?: boolean, onSpawn?: ((name: string, child: import('node:child_process').ChildProcess) => void) | null }} [opts]
   *   pretty: defaults to wantsPretty(out) — a terminal, unless LOG_FORMAT=json.
   *   onSpawn(name, child) runs after each (re)start, e.g. for a bench to put the process in a cgroup.
   */
  constructor({ out = process.stdout, pretty = wantsPretty(out), onSpawn = null } = {}) {
    this.out = out
    this.format = logFormatter({ pretty })
    this.onSpawn = onSpawn
    this.entries = []
    this.stopping = false
    this.width = 0
  }

  line(name, color, text) {
    this.out.write(this.format(name.padEnd(this.width), color, text))
  }

  add(spec) {
    const entry = {
      spec,
      child: null,
      failures: 0,
      restarts: 0,
      startedAt: 0,
      timer: null,
      color: COLORS[this.entries.length % COLORS.length],
    }
    this.entries.push(entry)
    this.width = Math.max(this.width, spec.name.length)
    this.launch(entry)
  }

  launch(entry) {
    const { spec } = entry
    entry.startedAt = Date.now()
    const child = spawn(process.execPath, spec.args, {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    entry.child = child
    live.add(this)
    stopOrphansOnExit()
    this.onSpawn?.(spec.name, child)
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (l) => this.line(spec.name, entry.color, l))
    }
    child.on('exit', (code, signal) => {
      if (this.stopping) return
      // A process that ran for a minute counts as healthy again: start the backoff afresh.
      if (Date.now() - entry.startedAt > 60000) entry.failures = 0
      const delay = Math.min(30000, 500 * 2 ** entry.failures++)
      entry.restarts++
      this.line(
        spec.name,
        entry.color,
        `exited (${signal ?? code}); restarting in ${(delay / 1000).toFixed(1)} s`,
      )
      entry.timer = setTimeout(() => this.launch(entry), delay)
    })
  }

  /** Sends a signal to one process (tests use it to freeze, resume or kill a service). */
  signal(name, sig) {
    const entry = this.entries.find((e) => e.spec.name === name)
    if (!entry?.child) throw new Error(`no process named ${name}`)
    entry.child.kill(sig)
  }

  /** SIGTERM to every running child, without waiting (the process is exiting). */
  signalAll() {
    for (const { child } of this.entries) {
      if (!child || child.exitCode !== null || child.signalCode !== null) continue
      child.kill('SIGCONT') // a frozen process cannot handle SIGTERM
      child.kill('SIGTERM')
    }
  }

  async stopAll() {
    this.stopping = true
    await Promise.all(
      this.entries.map(async (e) => {
        clearTimeout(e.timer)
        if (e.child) {
          e.child.kill('SIGCONT') // a frozen process cannot handle SIGTERM
          await stopChild(e.child, 15000)
        }
      }),
    )
    live.delete(this)
  }
}
