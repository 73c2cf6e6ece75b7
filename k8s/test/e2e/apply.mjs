// The API server's own verdict on every rendering k8s/test/manifests.test.ts checks offline: each
// overlay with each combination of the optional components, server-side applied as a dry run
// (admission, defaulting, strict field validation against the served schemas). The KEDA and
// Prometheus Operator kinds need their CRDs: taken from those projects' Go modules (module proxy).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { OVERLAYS, combinations, renderCombination } from '../lib.ts'
import { kubectl } from './lib.mjs'

const CRDS = [
  [
    'github.com/kedacore/keda/v2@v2.21.0',
    'config/crd/bases',
    ['keda.sh_scaledobjects', 'keda.sh_triggerauthentications'],
  ],
  [
    'github.com/prometheus-operator/prometheus-operator@v0.85.0',
    'example/prometheus-operator-crd',
    ['monitoring.coreos.com_podmonitors', 'monitoring.coreos.com_prometheusrules'],
  ],
]

function installCrds() {
  for (const [mod, dir, names] of CRDS) {
    const info = JSON.parse(execFileSync('go', ['mod', 'download', '-json', mod], { encoding: 'utf8' }))
    for (const n of names)
      kubectl(['apply', '--server-side', '-f', join(info.Dir, dir, `${n}.yaml`)], { ns: null })
  }
  kubectl(['wait', '--for=condition=established', 'crd', '--all', '--timeout=60s'], { ns: null })
}

export async function applyEveryCombination() {
  installCrds()
  const tmp = mkdtempSync(join(tmpdir(), 'site-apply-'))
  const checked = []
  try {
    for (const overlay of OVERLAYS) {
      for (const extra of combinations(overlay)) {
        // In a namespace of its own: a dry run over objects an earlier apply left (the e2e run's
        // own variant of dev) would merge both and judge the mixture.
        const ns = `e2e-apply-${overlay}`
        const objs = renderCombination(overlay, extra).map((o) =>
          o.kind === 'Namespace'
            ? { ...o, metadata: { ...o.metadata, name: ns } }
            : o.metadata.namespace
              ? { ...o, metadata: { ...o.metadata, namespace: ns } }
              : o,
        )
        // Namespaces for real (a dry run of one would not exist for the rest), then the objects.
        for (const ns of objs.filter((o) => o.kind === 'Namespace'))
          kubectl(['apply', '--server-side', '-f', '-'], { ns: null, input: JSON.stringify(ns) })
        // JSON, not YAML: kubectl reads YAML 1.1, where an unquoted `yes` would be a boolean.
        const file = join(tmp, 'objects.json')
        writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objs }))
        const r = kubectl(
          [
            'apply',
            '--server-side',
            '--force-conflicts',
            '--dry-run=server',
            '--field-manager=e2e',
            '-f',
            file,
          ],
          {
            ns: null,
            allowFail: true,
          },
        )
        const name = `${overlay} + [${extra.join(', ')}]`
        if (!r.ok) throw new Error(`${name}: ${r.err.trim().split('\n').slice(0, 5).join(' | ')}`)
        checked.push(`${name}: ${objs.length} objects`)
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
  return checked
}
