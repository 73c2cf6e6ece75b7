// @tier unit
// scripts/check-web-imports.mjs finds import cycles and layer breaks in small web trees, and passes
// on the real web/src.
import t from 'tap'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { root } from '../lib/infra.mjs'

const checker = join(root, 'scripts/check-web-imports.mjs')

/** A web dir in a temp folder: tsconfig.json with the '@/' alias, and the given files under src/. */
function tree(t, files) {
  const dir = mkdtempSync(join(tmpdir(), 'web-imports-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const tsconfig = {
    compilerOptions: {
      module: 'ESNext',
      moduleResolution: 'Bundler',
      jsx: 'react-jsx',
      paths: { '@/*': ['./src/*'] },
    },
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'src', path)), { recursive: true })
    writeFileSync(join(dir, 'src', path), text)
  }
  return dir
}

/** Runs the checker on dir: its exit code and what it printed. */
function check(dir) {
  const run = spawnSync(process.execPath, [checker, dir], { encoding: 'utf8' })
  return { code: run.status, output: run.stdout + run.stderr }
}

t.test('a clean tree passes', async (t) => {
  const dir = tree(t, {
    'lib/format.ts': 'export const format = (s: string) => s.trim()\n',
    'components/Button.tsx':
      "import { format } from '@/lib/format'\nexport const Button = () => format(' x ')\n",
    'features/blog/index.ts': "export { BlogPage } from './BlogPage'\nexport type { Post } from './types'\n",
    'features/blog/types.ts': 'export type Post = { id: string }\n',
    'features/blog/BlogPage.tsx':
      "import { Button } from '@/components/Button'\nimport type { Post } from './types'\nexport const BlogPage = (_: Post) => Button()\n",
    'features/admin/index.ts': 'export const Admin = 1\n',
    'app/routes.tsx':
      "import { BlogPage } from '@/features/blog'\nexport const load = () => import('@/features/admin')\nexport { BlogPage }\n",
    'main.tsx': "import { load } from './app/routes'\nvoid load()\n",
  })
  const { code, output } = check(dir)
  t.equal(code, 0, output)
})

t.test('a runtime import cycle fails with its path; a type-only one does not count', async (t) => {
  const dir = tree(t, {
    'lib/a.ts': "import { b } from './b'\nexport const a = () => b()\n",
    'lib/b.ts': "import { c } from '@/lib/c'\nexport const b = () => c()\n",
    'lib/c.ts': "export { a as c } from './a'\n",
    'lib/d.ts': "import type { E } from './e'\nexport type D = E\n",
    'lib/e.ts': "import { type D } from './d'\nexport type E = D | string\nexport const e = 1\n",
  })
  const { code, output } = check(dir)
  t.equal(code, 1)
  t.match(output, 'import cycle: src/lib/a.ts -> src/lib/b.ts -> src/lib/c.ts -> src/lib/a.ts')
  t.notMatch(output, 'src/lib/d.ts')
})

t.test('a feature importing another feature fails, type-only and dynamic imports too', async (t) => {
  const dir = tree(t, {
    'features/blog/index.ts': 'export const blog = 1\nexport type Post = { id: string }\n',
    'features/home/Home.tsx': "import { blog } from '@/features/blog'\nexport const Home = () => blog\n",
    'features/home/types.ts': "import type { Post } from '../blog'\nexport type Teaser = Post\n",
    'features/home/lazy.ts': "export const load = () => import('@/features/blog')\n",
    'features/home/app.ts': "import '@/app/shell'\n",
    'app/shell.ts': 'export {}\n',
  })
  const { code, output } = check(dir)
  t.equal(code, 1)
  t.match(
    output,
    "src/features/home/Home.tsx imports src/features/blog/index.ts ('@/features/blog'): a feature must not import another feature",
  )
  t.match(output, "src/features/home/types.ts imports src/features/blog/index.ts ('../blog')")
  t.match(output, "src/features/home/lazy.ts imports src/features/blog/index.ts ('@/features/blog')")
  t.match(
    output,
    "src/features/home/app.ts imports src/app/shell.ts ('@/app/shell'): a feature must import only shared code and itself",
  )
})

t.test('shared code importing a feature, the app or the server renderer fails', async (t) => {
  const dir = tree(t, {
    'features/blog/index.ts': 'export const blog = 1\n',
    'app/App.tsx': 'export const App = 1\n',
    'ssr/render.ts': 'export const render = 1\n',
    'stores/posts.ts': "import { blog } from '@/features/blog'\nexport const posts = blog\n",
    'components/Shell.tsx': "export { App } from '../app/App'\n",
    'api/ssr.ts': "import type { render } from '@/ssr/render'\nexport type R = typeof render\n",
  })
  const { code, output } = check(dir)
  t.equal(code, 1)
  t.match(
    output,
    "src/stores/posts.ts imports src/features/blog/index.ts ('@/features/blog'): shared code must import only shared code",
  )
  t.match(output, "src/components/Shell.tsx imports src/app/App.tsx ('../app/App')")
  t.match(output, "src/api/ssr.ts imports src/ssr/render.ts ('@/ssr/render')")
})

t.test('a static import of the admin from outside it fails', async (t) => {
  const dir = tree(t, {
    'features/admin/index.ts': 'export const Admin = 1\n',
    'app/routes.tsx': "import { Admin } from '@/features/admin'\nexport { Admin }\n",
  })
  const { code, output } = check(dir)
  t.equal(code, 1)
  t.match(
    output,
    "src/app/routes.tsx imports src/features/admin/index.ts ('@/features/admin'): load the admin with import() only",
  )
})

t.test('a package with an import cycle fails (--package)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pkg-imports-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const compilerOptions = { module: 'NodeNext', moduleResolution: 'NodeNext' }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions }))
  mkdirSync(join(dir, 'src'))
  writeFileSync(join(dir, 'src/errors.ts'), "import { LIMIT } from './limits.js'\nexport const max = LIMIT\n")
  writeFileSync(
    join(dir, 'src/limits.ts'),
    "import { max } from './errors.js'\nexport const LIMIT = 1\nexport const m = () => max\n",
  )
  const run = spawnSync(process.execPath, [checker, '--package', dir], { encoding: 'utf8' })
  t.equal(run.status, 1)
  t.match(run.stderr, 'import cycle: src/errors.ts -> src/limits.ts -> src/errors.ts')
})

t.test('the real web/src and the shared packages pass', async (t) => {
  const output = execFileSync(process.execPath, [checker], { encoding: 'utf8' })
  t.match(output, 'no cycles, layers respected')
  t.match(output, 'packages/service-kit/src')
  t.match(output, 'packages/contracts/src')
})
