// Checks web/src's imports without an ESLint plugin (docs/web.md "Layers"): no import cycles between
// runtime imports, shared code imports only shared code, a feature imports only shared code and
// itself, and only a dynamic import() may reach the admin feature from outside it (a static one
// would pull the admin into the public bundle). The shared packages (packages/*/src) are held to
// the first rule: no import cycles.
// Usage: node scripts/check-web-imports.mjs [webDir]   (webDir holds tsconfig.json and src/)
//        node scripts/check-web-imports.mjs --package <dir>   (only the cycles of one package)
import ts from 'typescript'
import { readdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const SHARED = new Set(['api', 'components', 'i18n', 'lib', 'stores', 'styles'])
const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/

/** Every source file under dir, as absolute paths. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The module specifiers a file imports, each with whether it exists at runtime and is dynamic. */
function importsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found = []
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, runtime: !node.importClause?.isTypeOnly, dynamic: false })
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ spec: node.moduleSpecifier.text, runtime: !node.isTypeOnly, dynamic: false })
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ spec: node.arguments[0].text, runtime: true, dynamic: true })
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal
      if (ts.isStringLiteral(literal)) found.push({ spec: literal.text, runtime: false, dynamic: false })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Which layer a file under src belongs to: shared, feature:<name>, app, ssr or entry. */
function layerOf(srcDir, file) {
  const [top, name] = relative(srcDir, file).split(sep)
  if (SHARED.has(top)) return 'shared'
  if (top === 'features') return `feature:${name}`
  if (top === 'app' || top === 'ssr') return top
  return 'entry'
}

/** Why an import from one layer to another is not allowed, or undefined when it is. */
function layerError(from, to) {
  if (from === 'shared' && to !== 'shared') return 'shared code must import only shared code'
  if (from.startsWith('feature:') && to !== 'shared' && to !== from) {
    return to.startsWith('feature:')
      ? 'a feature must not import another feature: move what both need to shared code'
      : 'a feature must import only shared code and itself'
  }
  return undefined
}

/** Cycles among the runtime edges: one path per strongly connected component (Tarjan). */
function findCycles(graph) {
  let counter = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const components = []
  const connect = (v) => {
    index.set(v, counter)
    low.set(v, counter++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)))
    }
    if (low.get(v) === index.get(v)) {
      const component = []
      let w
      do {
        w = stack.pop()
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || graph.get(v)?.has(v)) components.push(component)
    }
  }
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v)
  // Within a component, the shortest way from its first file back to itself is a cycle to show.
  return components.map((component) => {
    const members = new Set(component)
    const start = component.sort()[0]
    const previous = new Map()
    const queue = [start]
    while (queue.length) {
      const v = queue.shift()
      for (const w of graph.get(v) ?? []) {
        if (!members.has(w) || previous.has(w)) continue
        previous.set(w, v)
        if (w === start) queue.length = 0
        else queue.push(w)
      }
    }
    const path = []
    for (let v = previous.get(start); v !== start; v = previous.get(v)) path.unshift(v)
    return [start, ...path, start]
  })
}

/** Checks webDir (tsconfig.json + src/); returns the problems found as readable lines. */
export function checkWebImports(webDir) {
  return checkImports(webDir, true)
}

/** Import cycles of a package (tsconfig.json + src/), as readable lines. */
export function checkPackageCycles(dir) {
  return checkImports(dir, false)
}

function checkImports(webDir, layers) {
  const configPath = join(webDir, 'tsconfig.json')
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )
  if (!config) return [`${configPath}: cannot read`]
  const srcDir = join(webDir, 'src')
  const files = sourceFiles(srcDir)
  const known = new Set(files)
  const show = (file) => relative(webDir, file)
  const problems = []
  const graph = new Map()
  for (const file of files) {
    const edges = new Set()
    graph.set(file, edges)
    for (const { spec, runtime, dynamic } of importsOf(file, ts.sys.readFile(file))) {
      const resolved = ts.resolveModuleName(spec, file, config.options, ts.sys).resolvedModule
      const target =
        resolved && !resolved.isExternalLibraryImport ? resolve(resolved.resolvedFileName) : undefined
      if (!target || !known.has(target)) continue
      const from = layers ? layerOf(srcDir, file) : 'shared'
      const to = layers ? layerOf(srcDir, target) : 'shared'
      const why = layerError(from, to)
      if (why) problems.push(`${show(file)} imports ${show(target)} ('${spec}'): ${why}`)
      else if (to === 'feature:admin' && from !== to && runtime && !dynamic) {
        problems.push(`${show(file)} imports ${show(target)} ('${spec}'): load the admin with import() only`)
      }
      if (runtime) edges.add(target)
    }
  }
  for (const cycle of findCycles(graph)) problems.push(`import cycle: ${cycle.map(show).join(' -> ')}`)
  return problems
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repo = join(dirname(fileURLToPath(import.meta.url)), '..')
  const packageAt = process.argv.indexOf('--package')
  const targets =
    packageAt > 0
      ? [{ dir: resolve(process.argv[packageAt + 1] ?? '.'), layers: false }]
      : [
          { dir: resolve(process.argv[2] ?? join(repo, 'web')), layers: true },
          ...(process.argv[2] ? [] : ['packages/service-kit', 'packages/contracts']).map((p) => ({
            dir: join(repo, p),
            layers: false,
          })),
        ]
  let failed = false
  for (const { dir, layers } of targets) {
    const problems = checkImports(dir, layers)
    for (const problem of problems) console.error(problem)
    if (problems.length) {
      failed = true
      console.error(
        `${problems.length} import problem(s) in ${dir}/src${layers ? ' (docs/web.md "Layers")' : ''}`,
      )
    } else
      console.log(
        `${layers ? 'web imports' : 'imports'}: no cycles${layers ? ', layers respected' : ''} (${dir}/src)`,
      )
  }
  if (failed) process.exit(1)
}
