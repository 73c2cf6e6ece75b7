import { readFileSync } from 'node:fs'
import type { Connection, Mongoose } from 'mongoose'

/**
 * The queries a piece of code sends, and whether an index serves each (docs/design.md, "Hot queries
 * and their indexes"). A test runs a visitor's request, an admin's save or a timer with
 * `captureQueries`, then `judgeQueries` explains every query it sent on the real server:
 * - MongoDB: the winning plan has an index stage (IXSCAN, IDHACK, EXPRESS_*) and no COLLSCAN;
 * - FerretDB 1.24 on PostgreSQL: the filter is pushed down and PostgreSQL's plan reads an index
 *   (the seek indexes of tools/ferretdb/seek.sql), not the whole table (Seq Scan).
 * What FerretDB does not push down (ranges, $in, $or) is filtered in its process from what the
 * pushed part found: the pushed equality must be selective, which the index's use shows once the
 * collection holds enough documents for PostgreSQL to prefer it.
 */
export interface CapturedQuery {
  collection: string
  method: string
  filter: Record<string, unknown>
}

const FILTERED = new Set([
  'find',
  'findOne',
  'countDocuments',
  'updateOne',
  'updateMany',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndDelete',
  'findOneAndReplace',
  'replaceOne',
  'distinct',
])

/** Starts recording every collection call mongoose makes; `stop()` ends it and answers them. */
export function captureQueries(mongoose: Mongoose): { stop(): CapturedQuery[] } {
  const seen: CapturedQuery[] = []
  const before = mongoose.get('debug')
  mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    if (method === 'distinct') args = args.slice(1)
    if (method === 'aggregate') {
      const match = (args[0] as Record<string, unknown>[] | undefined)?.[0]?.$match
      if (match) seen.push({ collection, method, filter: match as Record<string, unknown> })
      return
    }
    if (!FILTERED.has(method)) return
    seen.push({ collection, method, filter: (args[0] ?? {}) as Record<string, unknown> })
  })
  return {
    stop() {
      mongoose.set('debug', before)
      return seen
    },
  }
}

/** `blog_posts {published, slug}`: the collection and the filter's fields, `field:$op` for operators. */
export function queryShape(q: CapturedQuery): string {
  const part = (k: string, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) {
      const ops = Object.keys(v).filter((o) => o.startsWith('$'))
      if (ops.length) return `${k}:${ops.sort().join('')}`
    }
    return k
  }
  const fields = Object.entries(q.filter)
    .map(([k, v]) => (k === '$or' || k === '$and' ? `${k}[...]` : part(k, v)))
    .sort()
  return `${q.collection} {${fields.join(', ')}}`
}

export interface QueryPlan {
  shape: string
  /** An index serves the query. */
  indexed: boolean
  /**
   * The documents the query's equality part matches here: what FerretDB reads through the index
   * before it filters the rest (ranges, $in) and sorts in its own process.
   */
  examined: number
  /** What the server said, briefly: the index names, or how it read. */
  how: string
}

const INDEX_STAGES = ['IXSCAN', 'IDHACK', 'EXPRESS_IXSCAN', 'EXPRESS_IDHACK', 'EXPRESS_CLUSTERED_IXSCAN']

function mongoPlan(explain: Record<string, unknown>): { indexed: boolean; how: string } {
  const text = JSON.stringify((explain.queryPlanner as Record<string, unknown>)?.winningPlan ?? {})
  const stages = [...text.matchAll(/"stage":"([A-Z_]+)"/g)].map((m) => m[1]!)
  const names = [...text.matchAll(/"indexName":"([^"]+)"/g)].map((m) => m[1]!)
  const indexed = stages.some((s) => INDEX_STAGES.includes(s)) && !stages.includes('COLLSCAN')
  return { indexed, how: indexed ? names.join(', ') || stages.join(' > ') : stages.join(' > ') }
}

function ferretPlan(explain: Record<string, unknown>, hasFilter: boolean): { indexed: boolean; how: string } {
  const text = JSON.stringify(explain.queryPlanner ?? {})
  const names = [...text.matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]!)
  const scans = [...text.matchAll(/"Node Type":"([^"]+)"/g)].map((m) => m[1]!)
  const indexed =
    hasFilter && explain.filterPushdown === true && names.length > 0 && !scans.includes('Seq Scan')
  const how = names.length
    ? names.join(', ')
    : explain.filterPushdown
      ? scans.join(' > ')
      : 'nothing pushed down'
  return { indexed, how }
}

const isScalar = (v: unknown) =>
  ['string', 'number', 'boolean'].includes(typeof v) ||
  v instanceof Date ||
  (v !== null && typeof v === 'object' && (v as { _bsontype?: string })._bsontype === 'ObjectId')

/** The part of a filter FerretDB 1.24 pushes down: top-level equalities on scalars. */
export function pushedPart(filter: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(filter)) {
    if (k.startsWith('$') || k.includes('.')) continue
    if (isScalar(v)) out[k] = v
    else if (v && typeof v === 'object' && '$eq' in v && isScalar((v as { $eq: unknown }).$eq)) out[k] = v
  }
  return out
}

/** Explains each distinct query shape of `queries` on `db` (the connection the code used). */
export async function judgeQueries(db: Connection, queries: CapturedQuery[]): Promise<QueryPlan[]> {
  const byShape = new Map<string, CapturedQuery>()
  for (const q of queries) if (!byShape.has(queryShape(q))) byShape.set(queryShape(q), q)
  const plans: QueryPlan[] = []
  for (const [shape, q] of byShape) {
    const explain = (await db.db!.command({
      explain: { find: q.collection, filter: q.filter },
      verbosity: 'queryPlanner',
    })) as Record<string, unknown>
    const judged =
      'filterPushdown' in explain ? ferretPlan(explain, Object.keys(q.filter).length > 0) : mongoPlan(explain)
    const examined = await db.db!.collection(q.collection).countDocuments(pushedPart(q.filter))
    plans.push({ shape, ...judged, examined })
  }
  return plans
}

/** The query shapes docs/queries.md lists (its table's first column, in backticks). */
export function documentedShapes(file: string): Set<string> {
  const shapes = new Set<string>()
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\|\s*`([^`]+)`\s*\|/.exec(line)
    if (m) shapes.add(m[1]!)
  }
  return shapes
}

/** Records the queries of named runs (a visitor's requests, an admin's saves, the timers). */
export function queryRecorder(mongoose: Mongoose) {
  const captured: Record<string, CapturedQuery[]> = {}
  return {
    captured,
    async during(name: string, run: () => Promise<unknown>) {
      const capture = captureQueries(mongoose)
      try {
        await run()
      } finally {
        captured[name] = capture.stop()
      }
    },
  }
}

interface Assert {
  ok(value: unknown, message?: string): unknown
  comment(message: string): unknown
}

/**
 * One subtest per recorded run: it sent queries, and each reads an index, at most `bound`
 * documents of the `size` kept, and is listed in docs/queries.md.
 */
export function holdQueries(
  t: { test(name: string, fn: (t: Assert) => Promise<void>): unknown },
  db: Connection,
  captured: Record<string, CapturedQuery[]>,
  o: { bound: number; size: number },
) {
  const listed = documentedShapes(new URL('../../../../docs/queries.md', import.meta.url).pathname)
  for (const [name, queries] of Object.entries(captured))
    t.test(`${name}: every query reads an index and is listed`, async (t) => {
      t.ok(queries.length > 0, 'queries were sent')
      for (const plan of await judgeQueries(db, queries)) {
        t.comment(
          `${plan.indexed ? 'indexed' : 'SCAN   '} ${plan.shape}  (${plan.how}; ${plan.examined} read)`,
        )
        t.ok(plan.indexed, `${plan.shape}: ${plan.how}`)
        t.ok(plan.examined <= o.bound, `${plan.shape} reads ${plan.examined} of ${o.size}+ documents`)
        t.ok(listed.has(plan.shape), `${plan.shape} is listed in docs/queries.md`)
      }
    })
}
