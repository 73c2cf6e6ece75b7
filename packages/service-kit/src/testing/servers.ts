// Ports and servers a test starts itself: a free port, waiting for one, a private redis-server.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, connect } from 'node:net'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A port nobody listens on, drawn at random from 20000-31999 (below the kernel's ephemeral range):
 * a port from listen(0) returns to the kernel's pool when closed and a concurrent test stack was
 * seen taking it first.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000)
    if (claimPort(port) && (await canBind(port))) return port
    if (attempt >= 50) throw new Error('no free port found in 20000-31999')
  }
}

/**
 * A drawn port is claimed for two minutes in a file of the machine's temp folder, respected by every
 * drawer on the machine (this and scripts/lib/infra.mjs): between a port found free and its
 * server's listen, a test file running beside this one could draw it too.
 */
function claimPort(port: number): boolean {
  const dir = join(tmpdir(), 'site-claimed-ports')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, String(port))
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' })
    return true
  } catch {
    try {
      if (Date.now() - statSync(file).mtimeMs < 120_000) return false
      writeFileSync(file, String(process.pid))
      return true
    } catch {
      return false
    }
  }
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.unref()
    srv.once('error', () => resolve(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)))
  })
}

export async function waitForPort(port: number, timeoutMs = 10000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1')
      s.once('connect', () => {
        s.destroy()
        resolve(true)
      })
      s.once('error', () => resolve(false))
    })
    if (ok) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`)
}

/**
 * A private redis-server that a test may stop and start again (to prove recovery), on a fixed
 * port so clients reconnect to the same address. Data lives in a temporary folder.
 */
export async function startRedisServer() {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'site-redis-'))
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    )
    await waitForPort(port)
  }
  const stop = async () => {
    if (!child || child.exitCode !== null) return
    const exited = new Promise((r) => child!.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async close() {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
