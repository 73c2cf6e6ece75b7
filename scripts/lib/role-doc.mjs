// docs/security.md's generated role matrix: the roles × capabilities table from packages/contracts
// (roles.ts, the one source of truth the services enforce) and, per capability, the admin routes of
// the merged OpenAPI document that need it (`x-capability`, written by the kit's adminOnly).
// scripts/test/role-matrix.test.mjs fails when docs/security.md differs;
// `UPDATE_ROLE_DOC=1 npm test -- scripts/test/role-matrix.test.mjs` rewrites the part.
export const BEGIN = '<!-- BEGIN GENERATED: role matrix (scripts/lib/role-doc.mjs); do not edit by hand -->'
export const END = '<!-- END GENERATED: role matrix -->'

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** Every admin operation of a merged document: `{ method, path, capabilities }`. */
export function adminOperations(doc) {
  const ops = []
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of METHODS) {
      const caps = item[method]?.['x-capability']
      if (caps) ops.push({ method: method.toUpperCase(), path, capabilities: caps })
    }
  return ops
}

/** The markdown between the markers. */
export function renderRoleMatrix({ ROLES, CAPABILITIES, ROLE_CAPABILITIES }, doc) {
  const out = [
    `| capability | what | ${ROLES.join(' | ')} |`,
    `|---|---|${ROLES.map(() => '---').join('|')}|`,
  ]
  for (const [cap, what] of Object.entries(CAPABILITIES))
    out.push(
      `| \`${cap}\` | ${what} | ${ROLES.map((r) => (ROLE_CAPABILITIES[r].includes(cap) ? 'yes' : '—')).join(' | ')} |`,
    )
  out.push(
    '',
    'The admin routes and what each needs (any one of a list; the route then checks the rest):',
    '',
  )
  out.push('| call | needs |', '|---|---|')
  for (const op of adminOperations(doc))
    out.push(`| ${op.method} ${op.path} | ${op.capabilities.map((c) => `\`${c}\``).join(' or ')} |`)
  return out.join('\n') + '\n'
}

export function replaceRoleMatrix(text, part) {
  const start = text.indexOf(BEGIN)
  const end = text.indexOf(END)
  if (start < 0 || end < start) throw new Error('docs/security.md has no role matrix part (markers missing)')
  return `${text.slice(0, start + BEGIN.length)}\n\n${part}\n${text.slice(end)}`
}
