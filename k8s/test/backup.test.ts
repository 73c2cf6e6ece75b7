// @tier services
// The backup component (docs/operations.md, "Back up and restore"): a CronJob running the same
// command as `npm run backup` in one of our images, onto a volume of its own, with what the
// command reads; and every image carries the script and each local file it imports.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { OVERLAYS, renderCombination, repoRoot, type Obj } from './lib.js'

/** The local files a script imports, transitively (relative imports only). */
function localImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const text = readFileSync(file, 'utf8')
  for (const m of text.matchAll(/^import [^'"]*['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    const target = join(dirname(file), m[1]!)
    if (target.endsWith('.mjs')) localImports(target, seen)
  }
  return seen
}

for (const overlay of OVERLAYS) {
  t.test(`${overlay} + backup`, async (t) => {
    const objs = renderCombination(overlay, ['backup'])
    const find = (kind: string, name: string) => objs.find((o) => o.kind === kind && o.metadata.name === name)
    const cron = find('CronJob', 'backup')
    if (!t.ok(cron, 'the CronJob is rendered')) return
    t.notOk(cron.spec.suspend, 'it runs on its schedule')
    t.equal(cron.spec.concurrencyPolicy, 'Forbid', 'never two at once')
    const pod = cron.spec.jobTemplate.spec.template.spec
    const c = pod.containers[0]
    t.equal(
      c.image,
      find('Deployment', 'auth')?.spec.template.spec.containers[0].image,
      'the image (and tag) the auth service runs',
    )
    t.same(c.args.slice(0, 2), ['node', '/app/scripts/backup.mjs'], 'runs npm run backup’s script')
    const dir = c.args[c.args.indexOf('--dir') + 1]
    const mount = c.volumeMounts.find((m: Obj) => m.mountPath === dir)
    t.ok(mount, `writes to a mounted volume (${dir})`)
    const claim = pod.volumes.find((v: Obj) => v.name === mount?.name)?.persistentVolumeClaim?.claimName
    t.ok(find('PersistentVolumeClaim', claim), `the volume is the claim ${claim}, which exists`)
    t.ok(Number(c.args[c.args.indexOf('--keep') + 1]) > 0, 'keeps a bounded number of archives')
    const env = Object.fromEntries(c.env.map((e: Obj) => [e.name, e.valueFrom]))
    t.same(Object.keys(env).sort(), ['MEMORY_LIMIT_MB', 'MONGO_URL', 'QUEUE_PREFIX', 'REDIS_URL'])
    const prefixMap = find('ConfigMap', env.QUEUE_PREFIX.configMapKeyRef.name)
    t.equal(prefixMap?.data?.QUEUE_PREFIX, 'site', "the services' QUEUE_PREFIX, from their ConfigMap")
    t.equal(
      cron.spec.jobTemplate.spec.template.metadata.labels['app.kubernetes.io/component'],
      'job',
      'labelled as a job: the network policies let it reach MongoDB and Redis',
    )
  })
}

t.test('every image carries the backup script and what it imports', async (t) => {
  const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8')
  const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) (\S+)$/gm)].flatMap((m) => m[1]!.split(/\s+/))
  for (const file of localImports(join(repoRoot, 'scripts/backup.mjs'))) {
    const path = relative(repoRoot, file)
    t.ok(
      copied.some((c) => c === path || (c.endsWith('/') && path.startsWith(c))),
      `${path} is copied into the runtime image`,
    )
  }
})
