// Helpers of the manifest tests: render kustomize trees offline, validate against the Kubernetes
// schemas (kubernetes-models), and know which environment variables each deployable reads.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAllDocuments, parseDocument } from 'yaml'
import registry from '../../services.json' with { type: 'json' }

/** An API service in the registry (services.json). */
export interface RegisteredService {
  port: number
  database: string
  memoryMb: number
  prefixes: string[]
  calls?: string[]
  worker?: { entry: string; port: number; memoryMb: number; queues: string[] }
}
export { registry }
export const services = registry.services as Record<string, RegisteredService>
export const SERVICES = Object.keys(services)
/** The queue workers, by Deployment name (`blog-worker`), with their service. */
export const workers = SERVICES.flatMap((service) => {
  const w = services[service]!.worker
  return w ? [{ name: `${service}-worker`, service, ...w }] : []
})
export const WORKERS = workers.map((w) => w.name)
/** Everything that runs as a Deployment of ours. */
export const DEPLOYABLES = ['gateway', 'web', ...SERVICES, ...WORKERS]

export const k8sDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const repoRoot = resolve(k8sDir, '..')

/** Optional components an operator may add to an overlay. */
export const COMPONENTS = ['keda', 'network-policies', 'in-cluster-data', 'monitoring', 'backup']
export const OVERLAYS = ['dev', 'prod']

// A rendered Kubernetes object; fields are reached through `any` like the YAML they come from.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>

export function kustomize(dir: string): Obj[] {
  const out = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  return parseAllDocuments(out)
    .map((d) => d.toJS() as Obj | null)
    .filter((o): o is Obj => o !== null)
}

function overlayComponents(overlay: string): string[] {
  const text = readFileSync(join(k8sDir, 'overlays', overlay, 'kustomization.yaml'), 'utf8')
  return COMPONENTS.filter((c) => text.includes(`components/${c}`))
}

/** Every combination of an overlay with the optional components it does not already include. */
export function combinations(overlay: string): string[][] {
  const extra = COMPONENTS.filter((c) => !overlayComponents(overlay).includes(c))
  return Array.from({ length: 2 ** extra.length }, (_, mask) => extra.filter((_c, i) => mask & (1 << i)))
}

/** Renders an overlay plus extra components through a throw-away kustomization. */
export function renderCombination(overlay: string, extra: string[]): Obj[] {
  const overlayDir = join(k8sDir, 'overlays', overlay)
  if (extra.length === 0) return kustomize(overlayDir)
  const dir = mkdtempSync(join(tmpdir(), 'site-k8s-'))
  try {
    const components = extra.map((c) => `  - ${relative(dir, join(k8sDir, 'components', c))}`).join('\n')
    // As an operator would: the overlay's namespace applies to the added components' objects too.
    const namespace = /^namespace:\s*(\S+)/m.exec(
      readFileSync(join(overlayDir, 'kustomization.yaml'), 'utf8'),
    )?.[1]
    // And its image tags: a component's own workloads (the backup CronJob) run our images too.
    const images = (parseDocument(readFileSync(join(overlayDir, 'kustomization.yaml'), 'utf8')).toJS() as Obj)
      .images
    writeFileSync(
      join(dir, 'kustomization.yaml'),
      `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamespace: ${namespace}\nresources:\n  - ${relative(dir, overlayDir)}\ncomponents:\n${components}\n` +
        (images ? `images: ${JSON.stringify(images)}\n` : ''),
    )
    return kustomize(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function modelModule(apiVersion: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion]
  if (group === 'keda.sh') return `@kubernetes-models/keda/keda.sh/${version}`
  if (group === 'monitoring.coreos.com')
    return `@kubernetes-models/prometheus-operator/monitoring.coreos.com/${version}`
  return group ? `kubernetes-models/${group}/${version}` : `kubernetes-models/${version}`
}

/** Validates against the API schema of its kind; returns the problem, or null. */
export async function schemaProblem(o: Obj): Promise<string | null> {
  const mod = (await import(modelModule(o.apiVersion)).catch(() => ({}))) as Record<
    string,
    new (x: Obj) => { validate(): void }
  >
  const Model = mod[o.kind]
  if (!Model) return `no schema known for ${o.apiVersion} ${o.kind}`
  try {
    new Model(o).validate()
    return null
  } catch (err) {
    return (err as Error).message
  }
}

/**
 * The schemas above accept unknown fields; the API server (strict field validation) does not.
 * TypeScript's excess-property check on the kubernetes-models types finds them: each object is
 * written as a typed literal and type-checked. Returns tsc's complaints ('' when clean).
 */
export function unknownFieldProblems(objects: Obj[]): string {
  const dir = mkdtempSync(join(k8sDir, 'test', '.typecheck-'))
  try {
    const imports = new Map<string, string>()
    const lines = objects.map((o, i) => {
      const type = `I${o.kind}_${imports.size}`
      const key = `${modelModule(o.apiVersion)}/${o.kind}`
      if (!imports.has(key)) imports.set(key, type)
      return `export const o${i}: ${imports.get(key)} = ${JSON.stringify(o)}`
    })
    const head = [...imports].map(
      ([path, type]) => `import type { I${path.split('/').pop()} as ${type} } from '${path}'`,
    )
    writeFileSync(join(dir, 'objects.ts'), [...head, ...lines].join('\n'))
    try {
      execFileSync(
        process.execPath,
        [
          join(repoRoot, 'node_modules/typescript/bin/tsc'),
          '--ignoreConfig',
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--types',
          'node',
          join(dir, 'objects.ts'),
        ],
        { cwd: dir, encoding: 'utf8' },
      )
      return ''
    } catch (err) {
      return String((err as { stdout?: string }).stdout ?? err)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

type Schema = { default?: unknown; '~optional'?: boolean }
export interface EnvSpec {
  known: Set<string>
  required: Set<string>
}
const fromProperties = (props: Record<string, Schema>): EnvSpec => ({
  known: new Set(Object.keys(props)),
  required: new Set(
    Object.entries(props)
      .filter(([, s]) => !('default' in s) && !s['~optional'])
      .map(([k]) => k),
  ),
})

/** What each deployable's config schema reads (its config.ts, as the process loads it at boot). */
export async function envSpec(deployable: string): Promise<EnvSpec> {
  const spec = await configEnvSpec(deployable)
  // Read by the images' entry point (scripts/docker/node-heap.sh), not by the process's config.
  spec.known.add('MEMORY_LIMIT_MB')
  return spec
}

async function configEnvSpec(deployable: string): Promise<EnvSpec> {
  const load = async (file: string, name: string) =>
    fromProperties((await import(join(repoRoot, file)))[name] as Record<string, Schema>)
  switch (deployable) {
    case 'gateway':
      return load('gateway/src/config.ts', 'configProperties')
    case 'web':
      return load('web/server/config.ts', 'configProperties')
    case 'admin-seed': {
      // seed.ts builds its schema inline: the names it declares plus the MongoDB ones.
      const text = readFileSync(join(repoRoot, 'services/auth/src/seed.ts'), 'utf8')
      const declared = [...text.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!)
      return {
        known: new Set(['MONGO_URL', ...declared]),
        required: new Set(['MONGO_URL', 'ADMIN_USERNAME', 'ADMIN_PASSWORD']),
      }
    }
    default:
      if (WORKERS.includes(deployable))
        return load(`services/${deployable.replace(/-worker$/, '')}/src/config.ts`, 'workerConfigProperties')
      return load(`services/${deployable}/src/config.ts`, 'configProperties')
  }
}

/** How long a process may take to close after SIGTERM (ms), from its entry point's code. */
export function drainMs(deployable: string, shutdownTimeoutMs: number): number {
  if (deployable === 'web') return 10000
  if (!deployable.endsWith('-worker')) return shutdownTimeoutMs
  const text = readFileSync(
    join(repoRoot, 'services', deployable.replace('-worker', ''), 'src/worker.ts'),
    'utf8',
  )
  const extra = /shutdownTimeoutMs:\s*config\.SHUTDOWN_TIMEOUT_MS\s*\+\s*(\d+)/.exec(text)
  if (extra) return shutdownTimeoutMs + Number(extra[1])
  return /shutdownTimeoutMs:\s*config\.SHUTDOWN_TIMEOUT_MS\b/.test(text) ? shutdownTimeoutMs : 30000
}
