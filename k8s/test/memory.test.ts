// @tier unit
// Memory inside the manifests: every image starts node through node-heap, which sizes
// the heap from MEMORY_LIMIT_MB (the manifests set it from the container's limit); local runs
// (scripts/lib/processes.mjs) use the same limits and the same flags.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { kustomize, repoRoot, type Obj } from './lib.js'
// @ts-expect-error -- a plain .mjs module without types
import { MEMORY_LIMITS_MB, heapFlags, processTable } from '../../scripts/lib/processes.mjs'

const limits = MEMORY_LIMITS_MB as Record<string, number>
const flags = heapFlags as (limitMb: number) => string[]
const NODE_HEAP = join(repoRoot, 'scripts/docker/node-heap.sh')
/** The shared image recipe (gateway and services) and the web app's. */
const DOCKERFILES = ['Dockerfile', 'web/Dockerfile']

const toMi = (q: string) => {
  const m = /^(\d+)(Mi|Gi)$/.exec(q)
  if (!m) throw new Error(`unexpected memory quantity ${q}`)
  return Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1)
}

t.test("local runs use each manifest's memory limit", async (t) => {
  const base = kustomize(join(repoRoot, 'k8s/base'))
  const fromManifests: Record<string, number> = {}
  for (const d of base.filter((o: Obj) => o.kind === 'Deployment')) {
    const c = d.spec.template.spec.containers[0]
    fromManifests[d.metadata.name] = toMi(c.resources.limits.memory)
  }
  t.same(limits, fromManifests, 'MEMORY_LIMITS_MB in processes.mjs = limits.memory in k8s/base')

  for (const p of processTable({}, 8080) as { name: string; args: string[]; env: Record<string, string> }[]) {
    t.equal(p.env.MEMORY_LIMIT_MB, String(limits[p.name]), `${p.name}: MEMORY_LIMIT_MB as in its manifest`)
    const expected = flags(limits[p.name]!)
    t.same(p.args.slice(0, expected.length), expected, `${p.name}: started with the heap flags of its limit`)
    t.equal(p.env.MALLOC_ARENA_MAX, '2', `${p.name}: two malloc arenas, as in the images`)
    // React's development build renders a page in about three times the CPU (bench/posts).
    t.equal(p.env.NODE_ENV, 'production', `${p.name}: NODE_ENV=production, as in the images`)
  }
  const dev = processTable({ NODE_ENV: 'development' }, 8080) as {
    name: string
    env: Record<string, string>
  }[]
  t.ok(
    dev.every((p) => p.env.NODE_ENV === 'development'),
    'npm run dev still says development (its shared environment wins)',
  )
})

t.test('every image starts node through node-heap', async (t) => {
  for (const file of DOCKERFILES) {
    const text = readFileSync(join(repoRoot, file), 'utf8')
    t.match(
      text,
      /COPY --chmod=755 scripts\/docker\/node-heap\.sh \/usr\/local\/bin\/node-heap/,
      `${file}: copies node-heap`,
    )
    t.match(
      text,
      /ENTRYPOINT \["\/usr\/bin\/tini", "--", "\/usr\/local\/bin\/node-heap"\]/,
      `${file}: tini runs node-heap`,
    )
    t.match(text, /CMD \["node", /, `${file}: its command starts with node, so node-heap adds the flags`)
    t.match(text, /MALLOC_ARENA_MAX=2/, `${file}: two malloc arenas, as in local runs`)
  }
})

t.test('node-heap gives the heap 75 % of the limit, with the flags processes.mjs uses', async (t) => {
  const probe =
    "const v8 = require('node:v8'); console.log(JSON.stringify({ limit: v8.getHeapStatistics().heap_size_limit, argv: process.execArgv }))"
  for (const mb of [128, 256, 384, 512]) {
    const out = JSON.parse(
      execFileSync('sh', [NODE_HEAP, 'node', '-e', probe], {
        env: { ...process.env, MEMORY_LIMIT_MB: String(mb) },
        encoding: 'utf8',
      }),
    ) as { limit: number; argv: string[] }
    t.same(out.argv.slice(0, flags(mb).length), flags(mb), `${mb} MiB: same flags as local runs`)
    const heapMb = out.limit / 1048576
    t.ok(heapMb <= mb * 0.77 && heapMb >= mb * 0.7, `${mb} MiB: heap limit ${heapMb} MiB is about 75 %`)
  }
  const plain = execFileSync(
    'sh',
    [NODE_HEAP, 'node', '-e', 'console.log(JSON.stringify(process.execArgv))'],
    { env: { ...process.env, MEMORY_LIMIT_MB: '' }, encoding: 'utf8' },
  )
  t.notMatch(plain, /max-(old|semi)-space-size/, 'without MEMORY_LIMIT_MB node runs with its defaults')
  t.equal(
    execFileSync('sh', [NODE_HEAP, 'echo', 'debug shell'], { encoding: 'utf8' }).trim(),
    'debug shell',
    'other commands run as given',
  )
})
