import { Type, type Static } from 'typebox'
import { Languages, RoleSchema } from './roles.js'

/** Invitations and password resets (issue 46): what the auth service answers (shown as is). */
export const TEAM_MESSAGES = {
  inviteUnknown: 'This invitation link is not valid. Ask for a new invitation.',
  inviteExpired: 'This invitation has expired. Ask for a new invitation.',
  inviteUsed: 'This invitation was already used. Sign in instead.',
  inviteRevoked: 'This invitation was withdrawn. Ask an administrator if you think it should not have been.',
  inviteNotFound: 'Invitation not found',
  invitePending: 'An invitation to this e-mail address is already waiting. Resend it instead.',
  resetInvalid: 'This password reset link has expired or was already used. Ask for a new one.',
  mailFailed: 'The e-mail could not be sent right now. Please try again in a minute.',
} as const

/** POST /api/admin/users/invites. */
export const InviteCreate = Type.Object({
  email: Type.String({ maxLength: 254 }),
  role: RoleSchema,
  languages: Type.Optional(Languages),
})
export type InviteCreate = Static<typeof InviteCreate>

/** A pending invitation as the Users tab lists it. */
export const Invitation = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: RoleSchema,
  languages: Type.Array(Type.String()),
  state: Type.Union([Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('revoked')]),
  expired: Type.Boolean(),
  invited_by: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
  created_at: Type.String({ format: 'date-time' }),
})
export type Invitation = Static<typeof Invitation>

/** GET /api/auth/invites/{token}: whom the link is for. */
export const InvitationView = Type.Object({
  email: Type.String(),
  role: RoleSchema,
  languages: Type.Array(Type.String()),
  invited_by: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
})
export type InvitationView = Static<typeof InvitationView>

/** POST /api/auth/invites/{token}/accept. The username is the e-mail address unless one is given. */
export const InviteAccept = Type.Object({
  display_name: Type.Optional(Type.String({ maxLength: 500 })),
  password: Type.Optional(Type.String({ maxLength: 4096 })),
  username: Type.Optional(Type.String({ maxLength: 500 })),
})
export type InviteAccept = Static<typeof InviteAccept>

export const PasswordResetRequest = Type.Object({ email: Type.Optional(Type.String({ maxLength: 254 })) })
export const PasswordResetSet = Type.Object({ password: Type.Optional(Type.String({ maxLength: 4096 })) })

/** Two-factor sign-in (issue 46). */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Please enter the code from your authenticator app or a recovery code',
  wrongCode: 'That code is not right. Use the current code from your app or an unused recovery code.',
  signInExpired: 'Your sign-in expired. Please enter your password again.',
  setupFirst: 'Start the two-factor setup first',
  setupRequired: 'Your role requires two-factor sign-in. Set it up to continue.',
  requiredByRole: 'Your role requires two-factor sign-in: it cannot be turned off.',
  notOn: 'Two-factor sign-in is not on.',
  confirmRequired: 'Please enter your password or a code from your authenticator app',
  wrongConfirm: 'That password or code is not right.',
  ownerOnly: 'Only the owner can change which roles need two-factor sign-in.',
  ownFirst: 'Turn on two-factor sign-in for your own account first.',
} as const

/**
 * The answer of a right password for an account whose role requires two-factor sign-in and that
 * has none yet: no session; only POST /api/auth/login/2fa/setup and .../enable until it is on.
 */
export const TwoFactorSetupRequired = Type.Object({ two_factor_setup_required: Type.Literal(true) })
export type TwoFactorSetupRequired = Static<typeof TwoFactorSetupRequired>

/** GET/PUT /api/admin/users/policy: the roles that must sign in with a second factor. */
export const TeamPolicy = Type.Object({ require_two_factor: Type.Array(RoleSchema, { maxItems: 5 }) })
export type TeamPolicy = Static<typeof TeamPolicy>

/** POST /api/auth/2fa/disable and /api/auth/2fa/recovery-codes: the password or a current code. */
export const TwoFactorConfirm = Type.Object({
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  code: Type.Optional(Type.String({ maxLength: 100 })),
})
export type TwoFactorConfirm = Static<typeof TwoFactorConfirm>

/** The answer of a right password for an account with two-factor sign-in: no session yet. */
export const TwoFactorRequired = Type.Object({ two_factor_required: Type.Literal(true) })
export type TwoFactorRequired = Static<typeof TwoFactorRequired>
