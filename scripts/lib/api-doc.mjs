// docs/api.md's generated part: one table per service, rendered from the merged
// OpenAPI document the gateway serves at /api/openapi.json. scripts/test/api-reference.test.mjs
// fails when docs/api.md differs from it; `UPDATE_API_DOC=1 npm test -- scripts/test/api-reference.test.mjs`
// rewrites the part between the markers.
export const BEGIN =
  '<!-- BEGIN GENERATED: /api/openapi.json (scripts/lib/api-doc.mjs); do not edit by hand -->'
export const END = '<!-- END GENERATED -->'

const METHODS = ['get', 'post', 'put', 'patch', 'delete']
const cell = (s) =>
  String(s ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\|/g, '\\|')
    .trim()

/** The markdown between the markers (without them), from a merged OpenAPI document. */
export function renderApiTables(doc) {
  const rows = new Map()
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const service = op['x-service'] ?? op.tags?.[0] ?? 'other'
      const codes = Object.keys(op.responses ?? {}).join(', ')
      const body = op.requestBody ? Object.keys(op.requestBody.content ?? {}).join(', ') : ''
      const list = rows.get(service) ?? []
      list.push(
        `| ${method.toUpperCase()} ${path} | ${cell(op.summary ?? op.description)} | ${cell(body)} | ${cell(codes)} |`,
      )
      rows.set(service, list)
    }
  }
  const out = []
  for (const { name } of doc.tags ?? []) {
    const list = rows.get(name)
    if (!list) continue
    out.push(`### ${name}`, '', '| call | what | body | answers |', '|---|---|---|---|', ...list, '')
  }
  return out.join('\n')
}

/** `text` (docs/api.md) with its generated part replaced. */
export function replaceGenerated(text, tables) {
  const start = text.indexOf(BEGIN)
  const end = text.indexOf(END)
  if (start < 0 || end < start) throw new Error('docs/api.md has no generated part (markers missing)')
  return `${text.slice(0, start + BEGIN.length)}\n\n${tables}\n${text.slice(end)}`
}
