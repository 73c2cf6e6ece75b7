// Merges the services' OpenAPI documents into the one the gateway serves at /api/openapi.json.
// Services serve their full public paths, so paths are taken as they are; components are renamed
// per service (`<service>_<name>`), because every service numbers its own (def-0, def-1, ...).

// An OpenAPI document as JSON; its parts are reached like the JSON they come from.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenApiDoc = Record<string, any>

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/** One service's document with its component names and references prefixed by the service. */
function namespaced(service: string, doc: OpenApiDoc): OpenApiDoc {
  const text = JSON.stringify({ paths: doc.paths ?? {}, components: doc.components ?? {} }).replace(
    /"#\/components\/([A-Za-z]+)\/([^"]+)"/g,
    (_m, kind: string, name: string) => `"#/components/${kind}/${service}_${name}"`,
  )
  const parsed = JSON.parse(text) as OpenApiDoc
  const components: OpenApiDoc = {}
  for (const [kind, entries] of Object.entries(parsed.components as OpenApiDoc)) {
    components[kind] = Object.fromEntries(
      Object.entries(entries as OpenApiDoc).map(([name, v]) => [`${service}_${name}`, v]),
    )
  }
  return { paths: parsed.paths, components }
}

export interface MergeInput {
  /** Documents by service name, in the order they should appear; null when the service did not answer. */
  docs: [string, OpenApiDoc | null][]
  version: string
  /** Paths left out (served to the other services only). */
  omit?: string[]
}

/**
 * The merged document. Every operation is tagged with its service only: swagger-ui lists an
 * operation once under each of its tags, and with the services' own tags (health, media, pages…)
 * beside the service's it stopped rendering after the third section, silently, once the document
 * reached about 90 operations. The services' own tags are kept in `x-tags`;
 * services that did not answer are listed in `x-unavailable-services` and in the description.
 */
export function mergeOpenApi({ docs, version, omit = [] }: MergeInput): OpenApiDoc {
  const paths: OpenApiDoc = {}
  const components: OpenApiDoc = {}
  const unavailable: string[] = []
  for (const [service, doc] of docs) {
    if (!doc) {
      unavailable.push(service)
      continue
    }
    const ns = namespaced(service, doc)
    for (const [path, item] of Object.entries(ns.paths as OpenApiDoc)) {
      if (omit.includes(path)) continue
      const target = (paths[path] ??= {})
      for (const [key, op] of Object.entries(item as OpenApiDoc)) {
        if (METHODS.includes(key) && op && typeof op === 'object') {
          const own = ((op.tags as string[] | undefined) ?? []).filter((t) => t !== service)
          target[key] = { ...op, tags: [service], 'x-tags': own, 'x-service': service }
        } else if (!(key in target)) target[key] = op
      }
    }
    for (const [kind, entries] of Object.entries(ns.components as OpenApiDoc))
      Object.assign((components[kind] ??= {}), entries)
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)))
  const note = unavailable.length
    ? `\n\nNot included right now (did not answer): ${unavailable.join(', ')}.`
    : ''
  return {
    openapi: '3.0.3',
    info: {
      title: 'Site API',
      version,
      description:
        "Every public call of the site, merged by the gateway from the services' own route schemas. " +
        'Errors are `{ statusCode, error, message, code? }`. Admin calls need the `sid` session cookie ' +
        '(POST /api/auth/login); a POST with that cookie needs a JSON or multipart body or the ' +
        '`X-Requested-With` header (CSRF).' +
        note,
    },
    tags: docs.map(([service]) => ({ name: service })),
    paths: sorted,
    components,
    'x-unavailable-services': unavailable,
  }
}
