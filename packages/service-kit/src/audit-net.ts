// Every admin write is in the audit trail (issue 45). A route records its own change (the change
// log's afterWrite, with the document's kind, fields and revision); for one that did not (a file
// upload, a retry, the queue board's buttons), the kit records one for it before the answer goes
// out: the context's or the route's kind (`audit`), an action read from the route, the target id
// from the path. A route that changes nothing says `config: { audit: false }`.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ChangeAction, ChangeKind } from '@site/contracts'

/** Requests whose change was recorded (set by the change log's afterWrite). */
export const recorded = new WeakSet<FastifyRequest>()

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const VERBS: ChangeAction[] = ['retry', 'remove', 'clean', 'promote', 'pause', 'resume', 'empty', 'upload']

/**
 * The action of a write the kit records: a verb of its path (…/retry, …/clean), else by method.
 * Cleaning one job (`…/:jobId/clean` on the queue board) removes it.
 */
export function actionOf(method: string, url: string, oneJob = false): ChangeAction {
  const segments = url.split('?')[0]!.split('/')
  const verb = [...segments].reverse().find((s) => (VERBS as string[]).includes(s)) as
    ChangeAction | undefined
  if (verb === 'clean' && oneJob) return 'remove'
  if (verb) return verb
  if (method === 'DELETE') return 'delete'
  if (method === 'POST') return 'create'
  return 'write'
}

interface Recorder {
  changes?: {
    afterWrite(
      request: FastifyRequest,
      input: {
        kind: ChangeKind
        action: ChangeAction
        target: { id: string | null; label: string }
        fields: string[]
      },
    ): Promise<unknown>
  }
}

/** onSend of an adminOnly context: records a successful write that recorded nothing itself. */
export function auditNet(contextKind: ChangeKind | false | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!WRITE_METHODS.has(request.method) || reply.statusCode >= 400 || recorded.has(request)) return payload
    const audit = request.routeOptions.config.audit
    const kind = audit === false ? undefined : (audit ?? contextKind)
    const changes = (request.server as unknown as Recorder).changes
    if (!kind || !changes) return payload
    const params = (request.params ?? {}) as Record<string, string | undefined>
    const id = params.id ?? params.jobId ?? params.queueName ?? null
    const path = request.url.split('?')[0]!
    // A queue board target reads "blog-import job 12"; any other the path written to.
    const label = params.queueName
      ? `${params.queueName}${params.jobId ? ` job ${params.jobId}` : ''}`
      : path.slice(0, 200)
    await changes.afterWrite(request, {
      kind,
      action: actionOf(request.method, path, Boolean(params.jobId)),
      target: { id, label },
      fields: [],
    })
    return payload
  }
}
