// Keeps an infrastructure process running (the embedded PostgreSQL and FerretDB): started again on
// the same arguments, so on the same port, whenever it exits without being asked to, with a backoff
// as the services' supervisor has (0.25 s doubling to 5 s, reset after a minute up). Its output goes
// to a log file in .data/; the restarts are said through `log`.
import { spawn } from 'node:child_process'
import { closeSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import { onExit } from 'signal-exit'

/**
 * @param {{ name: string, cmd: string, args: string[], logFile: string, log: (m: string) => void,
 *   stopSignal?: NodeJS.Signals }} spec
 * @returns {{ child: () => import('node:child_process').ChildProcess, restarts: () => number, stop: () => Promise<void> }}
 */
export function keep({ name, cmd, args, logFile, log, stopSignal = 'SIGTERM' }) {
  mkdirSync(dirname(logFile), { recursive: true })
  const out = openSync(logFile, 'a')
  let child
  let stopping = false
  let failures = 0
  let restarts = 0
  let timer
  const launch = () => {
    const startedAt = Date.now()
    child = spawn(cmd, args, { stdio: ['ignore', out, out] })
    child.on('error', () => undefined) // an exit follows
    child.on('exit', (code, signal) => {
      if (stopping) return
      if (Date.now() - startedAt > 60000) failures = 0
      const delay = Math.min(5000, 250 * 2 ** failures++)
      restarts++
      log(`${name} exited (${signal ?? code}); starting it again in ${(delay / 1000).toFixed(2)} s`)
      timer = setTimeout(launch, delay)
    })
  }
  launch()
  // Our process ending without stop() (an error, a test file's timeout) takes the server along.
  const forget = onExit(() => {
    stopping = true
    child.kill(stopSignal)
  })
  return {
    child: () => child,
    restarts: () => restarts,
    async stop(timeoutMs = 15000) {
      stopping = true
      forget()
      clearTimeout(timer)
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((resolve) => {
          const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
          child.once('exit', () => {
            clearTimeout(kill)
            resolve()
          })
          child.kill(stopSignal)
        })
      closeSync(out)
    },
  }
}
