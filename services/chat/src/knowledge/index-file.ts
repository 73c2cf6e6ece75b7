import { randomBytes } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const NAME = /^chat-index-(\d+)-[0-9a-f]+\.sqlite$/
/** The files this process has open (tests run several chat services in one process). */
const open = new Set<string>()

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * A new file for a search index in `dir`. The index is derived data, built again at every start,
 * so the files of processes that died without closing theirs (a crash the supervisor restarted,
 * at 10,000 posts a few hundred MB each) are removed first; so is one that carries this process's
 * id but is not open here (a container's restarted process often gets the same id).
 */
export function newIndexFile(dir: string): { file: string; release(): void } {
  for (const name of readdirSync(dir)) {
    const pid = Number(NAME.exec(name)?.[1])
    const file = join(dir, name)
    if (pid && !open.has(file) && (pid === process.pid || !alive(pid))) rmSync(file, { force: true })
  }
  const file = join(dir, `chat-index-${process.pid}-${randomBytes(4).toString('hex')}.sqlite`)
  open.add(file)
  return { file, release: () => open.delete(file) }
}
