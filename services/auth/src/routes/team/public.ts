import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  AUTH_MESSAGES,
  AuthOk,
  AuthUser,
  InvitationView,
  InviteAccept,
  PasswordResetRequest,
  PasswordResetSet,
  TEAM_MESSAGES,
  TwoFactorSetupRequired,
  type Role,
} from '@site/contracts'
import { HttpError, badRequest, conflict, errorResponses, notFound, onDuplicateKey } from '@site/service-kit'
import type { Config } from '../../config.js'
import { checkUsername } from '../../lib/username.js'
import { checkPassword } from '../../lib/sign-in.js'
import { signInOrSecondFactor } from '../../lib/two-factor.js'
import { resetMail } from '../../lib/team-mail.js'
import { emailKey, usernameKey, type UserDoc } from '../../models/user.js'
import { newToken, tokenHash, type InvitationDoc } from '../../models/invitation.js'
import { checkDisplayName } from '../../lib/display-name.js'

/** What an e-mail address looks like (one @, a dot in the domain, no spaces). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) })
const gone = (message: string, code: string) => new HttpError(410, message, code)

/**
 * The signed-out side of the team (issue 46): an invitation link shows whom it is for and makes
 * the account; a password reset is asked for by e-mail (always 202: nobody learns which addresses
 * have accounts) and its single-use link sets a new password and ends every session of the account.
 */
const teamPublic: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { users, hasher } = app.accounts
  const { invitations, mailer, resetKey } = app.team
  const now = () => app.accounts.now()

  /** The invitation of a link, or a 404/410 that says why it does not work. */
  async function openInvitation(token: string): Promise<InvitationDoc> {
    const doc = await invitations.findOne({ token_hash: tokenHash(token) }).lean<InvitationDoc>()
    if (!doc) throw notFound(TEAM_MESSAGES.inviteUnknown, 'INVITE_UNKNOWN')
    if (doc.state === 'accepted') throw gone(TEAM_MESSAGES.inviteUsed, 'INVITE_USED')
    if (doc.state === 'revoked') throw gone(TEAM_MESSAGES.inviteRevoked, 'INVITE_REVOKED')
    if (doc.expires_at.getTime() <= now()) throw gone(TEAM_MESSAGES.inviteExpired, 'INVITE_EXPIRED')
    return doc
  }

  app.get(
    '/api/auth/invites/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whom an invitation link is for (404 unknown; 410 expired, used or withdrawn)',
        params: TokenParams,
        response: { 200: InvitationView, ...errorResponses(404, 410, 503) },
      },
    },
    async (request) => {
      const doc = await openInvitation(request.params.token)
      return {
        email: doc.email,
        role: doc.role as Role,
        languages: doc.languages ?? [],
        invited_by: doc.invited_by_name,
        expires_at: doc.expires_at.toISOString(),
      }
    },
  )

  app.post(
    '/api/auth/invites/:token/accept',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Accept an invitation: makes the account and signs it in (or leads through two-factor setup where the role requires it)',
        params: TokenParams,
        body: InviteAccept,
        response: {
          201: Type.Union([AuthUser, TwoFactorSetupRequired]),
          ...errorResponses(400, 404, 409, 410, 503),
        },
      },
    },
    async (request, reply) => {
      const password = checkPassword(request.body.password)
      const displayName = checkDisplayName(request.body.display_name ?? '')
      const invite = await openInvitation(request.params.token)
      const checked = checkUsername(request.body.username?.trim() || invite.email)
      if ('problem' in checked) throw badRequest(checked.problem, 'INVALID_USERNAME')
      const key = usernameKey(checked.username)
      if (displayName && usernameKey(displayName) === key)
        throw badRequest(AUTH_MESSAGES.displayNameIsUsername, 'DISPLAY_NAME_IS_USERNAME')
      const taken = conflict(AUTH_MESSAGES.usernameTaken, 'USERNAME_TAKEN')
      if (await users.exists({ username_key: key })) throw taken
      if (await users.exists({ email: invite.email })) throw conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN')
      // Single use: only one request turns the pending invitation into an accepted one.
      const claimed = await app.changes.exclusive(`invite:${String(invite._id)}`, () =>
        invitations
          .findOneAndUpdate(
            { _id: invite._id, state: 'pending' },
            { $set: { state: 'accepted' } },
            { new: true },
          )
          .lean<InvitationDoc>(),
      )
      if (!claimed) throw gone(TEAM_MESSAGES.inviteUsed, 'INVITE_USED')
      let user: UserDoc
      try {
        const created = await users
          .create({
            username: checked.username,
            username_key: key,
            display_name: displayName,
            email: invite.email,
            role: invite.role as Role,
            languages: invite.languages,
            password_hash: await hasher.hash(password),
          })
          .catch(onDuplicateKey(taken))
        user = created!.toObject() as UserDoc
      } catch (err) {
        await invitations.updateOne({ _id: invite._id }, { $set: { state: 'pending' } })
        throw err
      }
      await invitations.updateOne({ _id: invite._id }, { $set: { accepted_user_id: String(user._id) } })
      await app.loginNames.record([user.username])
      await app.changes.afterWrite(request, {
        kind: 'account',
        action: 'invite-accept',
        target: { id: String(user._id), label: user.username },
        actor: { id: String(user._id), name: user.username },
        fields: [`role:${invite.role}`],
      })
      // A new account has no second factor yet: a session, or the setup its role requires.
      const me = await signInOrSecondFactor(app, request, reply, user, config)
      return reply.code(201).send(me as Exclude<typeof me, { two_factor_required: true }>)
    },
  )

  app.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link by e-mail (always 202: no hint which addresses exist)',
        body: PasswordResetRequest,
        response: { 202: AuthOk, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const email = emailKey(request.body.email ?? '')
      if (!EMAIL.test(email)) throw badRequest(AUTH_MESSAGES.emailInvalid, 'INVALID_EMAIL')
      const user = await users.findOne({ email }).lean<UserDoc>()
      if (user && !user.disabled) {
        const { token, hash } = newToken()
        await app.redis.set(resetKey(hash), String(user._id), 'PX', config.PASSWORD_RESET_TTL_MINUTES * 60000)
        // Not awaited: the answer takes as long whether or not the address has an account.
        mailer.send(resetMail(config, email, token)).catch((err: unknown) => {
          request.log.warn({ event: 'reset_mail_failed', err }, 'password reset mail not sent')
        })
      }
      return reply.code(202).send({ ok: true })
    },
  )

  app.post(
    '/api/auth/password-reset/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link (once); ends every session of the account',
        params: TokenParams,
        body: PasswordResetSet,
        response: { 200: AuthOk, ...errorResponses(400, 410, 503) },
      },
    },
    async (request) => {
      const password = checkPassword(request.body.password)
      const userId = await app.redis.getdel(resetKey(tokenHash(request.params.token)))
      const user = userId ? await users.findById(userId).lean<UserDoc>() : null
      if (!user || user.disabled) throw gone(TEAM_MESSAGES.resetInvalid, 'RESET_INVALID')
      await users.updateOne(
        { _id: user._id },
        { $set: { password_hash: await hasher.hash(password), password_changed_at: new Date(now()) } },
      )
      const ended = await app.authSessions.endOtherSessions(String(user._id))
      request.log.info(
        { event: 'password_reset', userId: String(user._id), endedSessions: ended },
        'password reset',
      )
      await app.changes.afterWrite(request, {
        kind: 'account',
        action: 'password-reset',
        target: { id: String(user._id), label: user.username },
        actor: { id: String(user._id), name: user.username },
        fields: ['password'],
      })
      return { ok: true }
    },
  )
}

export default teamPublic
