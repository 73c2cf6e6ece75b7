import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AuditEntry, AuditQuery, Paged } from '@site/contracts'
import { adminOnly, errorResponses, escapeRegex, findPage } from '@site/service-kit'
import type { AuditDoc } from '../../audit/model.js'

function toAuditEntry(doc: AuditDoc): AuditEntry {
  return {
    id: doc._id,
    at: doc.at.toISOString(),
    service: doc.service,
    kind: doc.kind,
    action: doc.action,
    target: { id: doc.target_id, label: doc.target_label },
    fields: doc.fields,
    actor: { id: doc.actor_id, name: doc.actor_name },
    ip: doc.ip,
  }
}

/** GET /api/admin/audit: who did what when, newest first, with the view's filters. */
const auditAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'audit' })
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'The audit trail: sign-ins, credential changes and every admin write (admin)',
        querystring: AuditQuery,
        response: { 200: Paged(AuditEntry), ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => {
      const { actor, kind, action, from, to, q } = request.query
      const trusted = app.audit.base.trusted.bind(app.audit.base)
      const filter: Record<string, unknown> = {}
      if (actor?.trim()) filter.actor_name = actor.trim()
      if (kind) filter.kind = kind
      if (action) filter.action = action
      if (from || to)
        filter.at = trusted({
          ...(from ? { $gte: new Date(from) } : {}),
          ...(to ? { $lte: new Date(to) } : {}),
        })
      if (q?.trim()) filter.target_label = trusted({ $regex: escapeRegex(q.trim()), $options: 'i' })
      return findPage(app.audit, filter, request.query, { sort: { at: -1, _id: -1 }, map: toAuditEntry })
    },
  )
}
export default auditAdmin
