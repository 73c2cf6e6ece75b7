import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ROLE_MESSAGES, roleCan, type Capability, type ChangeKind } from '@site/contracts'
import { WRITE_METHODS, auditNet } from './audit-net.js'
import { errorBody, forbidden } from './errors.js'
import type { SessionUser } from './session/format.js'
import { noStore } from './http-cache.js'
import { onlyFields } from './body.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route registered in an `adminOnly` context: tests and docs can list them. */
    admin?: boolean
    /**
     * What a route of an `adminOnly` context needs (contracts ROLE_CAPABILITIES): the context's
     * capability unless the route names its own; a list means any one of them (the handler then
     * checks the details, e.g. an author's own post). Shown as `x-capability` in the API document.
     */
    capability?: Capability | Capability[]
    /**
     * The kind of change record a write of this route makes (the context's `audit` unless set):
     * the kit records one for a successful write whose handler recorded none (audit-net.ts).
     * `false`: the route changes nothing. Shown as `x-audit` in the API document.
     */
    audit?: ChangeKind | false
  }
}

export interface AdminOnlyOptions {
  /** The 401 message (the auth service says "Not signed in"). */
  message?: string
  code?: string
  /**
   * Where a signed-out browser asking for a page (a GET that accepts text/html) is sent with 303
   * instead of the 401, e.g. the admin sign-in for the operators' queue dashboard.
   */
  signInPage?: string
  /**
   * The capability every route of the context needs unless it names its own (route
   * `config.capability`). Without one, a route needs `users`: what nobody mapped, only owners and
   * admins reach (fail closed).
   */
  capability?: Capability | Capability[]
  /** The kind of change record of the context's writes (FastifyContextConfig.audit); false: none write. */
  audit?: ChangeKind | false
}

/** Whether the signed-in admin holds `capability` (or any of a list). */
export function adminCan(admin: SessionUser | null, capability: Capability | Capability[]): boolean {
  if (!admin) return false
  return [capability].flat().some((c) => roleCan(admin.role, c))
}

/** 403 in the handler unless the signed-in admin holds `capability`; returns the admin. */
export async function requireCapability(
  request: FastifyRequest,
  capability: Capability | Capability[],
  message: string = ROLE_MESSAGES.forbidden,
): Promise<SessionUser> {
  const admin = await request.getAdmin()
  if (!admin || !adminCan(admin, capability)) throw forbidden(message, 'FORBIDDEN_ROLE')
  return admin
}

export const ADMIN_REQUIRED = 'Please sign in as an administrator.'

/**
 * The one way to make routes admin-only: call it first thing in an encapsulated context (a plugin
 * registered with `app.register`), and every route of that context
 * - answers 401 without a live admin session in the `onRequest` phase, before its body is read,
 *   parsed or validated (an anonymous caller learns nothing about the route's schema),
 * - accepts only the top-level fields its body schema names (`onlyFields`: an operator such as
 *   `$set`, a dotted path, `_id` or a service-owned field is a 400 naming it), and
 * - answers `Cache-Control: private, no-store` unless the route chose otherwise.
 * - answers 403 when the admin's role lacks the route's capability (contracts ROLE_CAPABILITIES).
 * - records a change for a successful write that recorded none (`audit`, audit-net.ts).
 * Identity comes only from the kit's session reader (`request.getAdmin()`), never from a header.
 */
export function adminOnly(scope: FastifyInstance, opts: AdminOnlyOptions = {}) {
  scope.addHook('onRoute', (route) => {
    const capability = route.config?.capability ?? opts.capability ?? 'users'
    route.config = { ...(route.config ?? {}), admin: true, capability }
    const audit = route.config.audit ?? opts.audit
    const writes = [route.method].flat().some((m) => WRITE_METHODS.has(m))
    if (route.schema)
      route.schema = {
        ...route.schema,
        'x-capability': [capability].flat(),
        ...(writes && audit !== undefined ? { 'x-audit': audit === false ? 'nothing' : audit } : {}),
      } as typeof route.schema
    // An admin write accepts only the fields its body schema documents (400 naming any other key).
    const body = route.schema?.body as { properties?: Record<string, unknown> } | undefined
    if (body?.properties)
      route.preValidation = [
        onlyFields({ properties: body.properties }),
        ...[route.preValidation ?? []].flat(),
      ]
  })
  scope.addHook('onRequest', async (request, reply) => {
    const admin = await request.getAdmin()
    if (admin) {
      const needed = request.routeOptions.config.capability ?? opts.capability ?? 'users'
      if (adminCan(admin, needed)) return
      return reply.code(403).send(errorBody(403, ROLE_MESSAGES.forbidden, 'FORBIDDEN_ROLE'))
    }
    const wantsPage = request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html')
    if (opts.signInPage && wantsPage) return reply.redirect(opts.signInPage, 303)
    // Sent here rather than thrown: a plugin inside the scope (Bull Board) may set an error
    // handler of its own that would reshape the error.
    return reply.code(401).send(errorBody(401, opts.message ?? ADMIN_REQUIRED, opts.code))
  })
  // Before validation: the body as sent, without the defaults the schema fills in.
  scope.addHook('preValidation', translatorFieldsOnly)
  scope.addHook('onSend', noStore)
  // Every successful write is in the audit trail, also when its handler recorded nothing (issue 45).
  scope.addHook('onSend', auditNet(opts.audit))
}

const LOCALIZED = /_([a-z]{2})$/

/**
 * A write a translator reaches only through `translate` (a route allowing `translate` besides
 * other capabilities the translator lacks) may name only the language fields (`title_de`) of the
 * translator's languages, and approve (`reviewed`) only those.
 */
async function translatorFieldsOnly(request: FastifyRequest) {
  if (!['POST', 'PUT', 'PATCH'].includes(request.method)) return
  const needed = [request.routeOptions.config.capability ?? []].flat()
  if (needed.length < 2 || !needed.includes('translate')) return
  const admin = await request.getAdmin()
  if (
    !admin ||
    adminCan(
      admin,
      needed.filter((c) => c !== 'translate'),
    )
  )
    return
  const langs = admin.languages ?? []
  const body = (request.body ?? {}) as Record<string, unknown>
  const own = (field: string) => langs.includes(LOCALIZED.exec(field)?.[1] ?? '')
  const reviewed = Array.isArray(body.reviewed) ? (body.reviewed as unknown[]) : []
  const bad =
    Object.keys(body).some((k) => k !== 'reviewed' && !own(k)) ||
    reviewed.some((f) => typeof f !== 'string' || !own(f))
  if (bad) throw forbidden(ROLE_MESSAGES.languagesOnly(langs), 'FORBIDDEN_FIELDS')
}
