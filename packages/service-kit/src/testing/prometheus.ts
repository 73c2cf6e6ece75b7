/** One sample of a Prometheus text exposition: name, labels and value. */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** Parses the text format prom-client writes (no escapes in label values beyond \" and \\). */
export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line)
    if (!m) continue
    const labels: Record<string, string> = {}
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, '$1')
    samples.push({ name: m[1]!, labels, value: Number(m[3]) })
  }
  return samples
}

/**
 * Scrapes a `/metrics` URL; `value(name, labels)` is the sample whose labels include `labels`
 * (undefined when absent), `sum(name, labels)` adds all such samples.
 */
export async function scrape(url: string) {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`${url}: ${res.status}`)
  const samples = parsePrometheus(await res.text())
  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
  return {
    samples,
    value: (name: string, labels: Record<string, string> = {}) => matching(name, labels)[0]?.value,
    sum: (name: string, labels: Record<string, string> = {}) =>
      matching(name, labels).reduce((a, s) => a + s.value, 0),
  }
}
