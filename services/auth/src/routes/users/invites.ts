import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import {
  AUTH_MESSAGES,
  Invitation,
  InviteCreate,
  ROLE_MESSAGES,
  TEAM_MESSAGES,
  mayManage,
  type Role,
} from '@site/contracts'
import {
  adminOnly,
  badRequest,
  conflict,
  errorResponses,
  forbidden,
  isObjectId,
  notFound,
  unavailable,
} from '@site/service-kit'
import type { Config } from '../../config.js'
import { emailKey, roleOf } from '../../models/user.js'
import { newToken, type InvitationDoc } from '../../models/invitation.js'
import { inviteMail } from '../../lib/team-mail.js'
import { EMAIL } from '../team/public.js'

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) })

export function toInvitation(doc: InvitationDoc, now: number): Invitation {
  return {
    id: String(doc._id),
    email: doc.email,
    role: doc.role as Role,
    languages: doc.languages ?? [],
    state: doc.state,
    expired: doc.expires_at.getTime() <= now,
    invited_by: doc.invited_by_name,
    expires_at: doc.expires_at.toISOString(),
    created_at: doc.created_at.toISOString(),
  }
}

/**
 * Invitations (issue 46): an owner or admin invites a person by e-mail into a role they may give;
 * the mail carries a single-use link that expires (INVITE_TTL_DAYS). Resend makes a new link (the
 * old one stops working); revoke withdraws it.
 */
const invitesAdmin: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  adminOnly(app, { capability: 'users', audit: 'account' })
  const { users } = app.accounts
  const { invitations, mailer } = app.team
  const now = () => app.accounts.now()
  const ttlMs = config.INVITE_TTL_DAYS * 24 * 3600 * 1000

  async function mail(request: FastifyRequest, doc: InvitationDoc, token: string) {
    try {
      await mailer.send(inviteMail(config, doc.email, doc.role, doc.invited_by_name, token))
    } catch (err) {
      request.log.warn({ event: 'invite_mail_failed', err }, 'invitation mail not sent')
      throw unavailable(TEAM_MESSAGES.mailFailed)
    }
  }

  async function pendingById(id: string) {
    const doc = isObjectId(id) ? await invitations.findById(id).lean<InvitationDoc>() : null
    if (!doc || doc.state !== 'pending') throw notFound(TEAM_MESSAGES.inviteNotFound, 'INVITE_NOT_FOUND')
    return doc
  }

  app.get(
    '/api/admin/users/invites',
    {
      schema: {
        tags: ['users'],
        summary: 'The invitations still waiting for an answer (owner, admin)',
        response: { 200: Type.Object({ items: Type.Array(Invitation) }), ...errorResponses(401, 403, 503) },
      },
    },
    async () => {
      const docs = await invitations
        .find({ state: 'pending' })
        .sort({ _id: 1 })
        .limit(500)
        .lean<InvitationDoc[]>()
      return { items: docs.map((d) => toInvitation(d, now())) }
    },
  )

  app.post(
    '/api/admin/users/invites',
    {
      schema: {
        tags: ['users'],
        summary: 'Invite a person by e-mail into a role (owner, admin): mails a single-use link',
        body: InviteCreate,
        response: { 201: Invitation, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => {
      const actor = (await request.getAdmin())!
      const { role } = request.body
      const email = emailKey(request.body.email)
      if (!EMAIL.test(email)) throw badRequest(AUTH_MESSAGES.emailInvalid, 'INVALID_EMAIL')
      if (!mayManage(roleOf(actor), role, role))
        throw forbidden(ROLE_MESSAGES.manageForbidden, 'FORBIDDEN_ROLE')
      const languages = role === 'translator' ? [...new Set(request.body.languages ?? [])] : []
      if (role === 'translator' && !languages.length)
        throw badRequest(ROLE_MESSAGES.languagesRequired, 'LANGUAGES_REQUIRED')
      if (await users.exists({ email })) throw conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN')
      const waiting = await invitations.exists({
        email,
        state: 'pending',
        // An operator in a filter is marked trusted (the kit's mongoose sanitizes filters).
        expires_at: invitations.base.trusted({ $gt: new Date(now()) }) as never,
      })
      if (waiting) throw conflict(TEAM_MESSAGES.invitePending, 'INVITE_PENDING')
      const { token, hash } = newToken()
      const created = await invitations.create({
        token_hash: hash,
        email,
        role,
        languages,
        invited_by_id: actor.id,
        invited_by_name: actor.username,
        expires_at: new Date(now() + ttlMs),
      })
      const doc = created.toObject() as InvitationDoc
      await app.changes.afterWrite(request, {
        kind: 'account',
        action: 'invite',
        target: { id: String(doc._id), label: email },
        fields: [`role:${role}`],
      })
      await mail(request, doc, token)
      return reply.code(201).send(toInvitation(doc, now()))
    },
  )

  app.post(
    '/api/admin/users/invites/:id/resend',
    {
      schema: {
        tags: ['users'],
        summary: 'Mail a new link for a waiting invitation (the old link stops working)',
        params: IdParams,
        response: { 200: Invitation, ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request) => {
      const before = await pendingById(request.params.id)
      if (!mayManage(roleOf((await request.getAdmin())!), before.role as Role, before.role as Role))
        throw forbidden(ROLE_MESSAGES.manageForbidden, 'FORBIDDEN_ROLE')
      const { token, hash } = newToken()
      const doc = await invitations
        .findOneAndUpdate(
          { _id: before._id, state: 'pending' },
          { $set: { token_hash: hash, expires_at: new Date(now() + ttlMs) } },
          { new: true },
        )
        .lean<InvitationDoc>()
      if (!doc) throw notFound(TEAM_MESSAGES.inviteNotFound, 'INVITE_NOT_FOUND')
      await app.changes.afterWrite(request, {
        kind: 'account',
        action: 'invite',
        target: { id: String(doc._id), label: doc.email },
        fields: ['resend'],
      })
      await mail(request, doc, token)
      return toInvitation(doc, now())
    },
  )

  app.delete(
    '/api/admin/users/invites/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Withdraw a waiting invitation: its link stops working',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const before = await pendingById(request.params.id)
      if (!mayManage(roleOf((await request.getAdmin())!), before.role as Role, before.role as Role))
        throw forbidden(ROLE_MESSAGES.manageForbidden, 'FORBIDDEN_ROLE')
      await invitations.updateOne({ _id: before._id, state: 'pending' }, { $set: { state: 'revoked' } })
      await app.changes.afterWrite(request, {
        kind: 'account',
        action: 'invite-revoke',
        target: { id: String(before._id), label: before.email },
      })
      return reply.code(204).send(null)
    },
  )
}

export default invitesAdmin
