import { Type, type Static } from 'typebox'
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './rules.js'

export { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './rules.js'

/** Bounds the work one request can ask of the password hasher. */
export const PASSWORD_MAX = 1024

/** Messages the auth service answers with (shown to the user as is). */
export const AUTH_MESSAGES = {
  fillInAll: 'Please fill in all fields',
  loginRequired: 'Username and password are required',
  invalidCredentials: 'Invalid username or password',
  notSignedIn: 'Not signed in',
  wrongPassword: 'Current password is incorrect',
  usernameLength: `Username must be between ${USERNAME_MIN} and ${USERNAME_MAX} characters`,
  usernameChars: 'Username must not contain control characters',
  usernameTaken: 'This username is already taken',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters long`,
} as const

export const LoginBody = Type.Object({ username: Type.String(), password: Type.String() })
export type LoginBody = Static<typeof LoginBody>

/** The current admin: answer of login, GET /api/auth/user and change-username. */
export const AuthUser = Type.Object({ id: Type.String(), username: Type.String() })
export type AuthUser = Static<typeof AuthUser>

export const ChangeUsernameBody = Type.Object({ newUsername: Type.String(), currentPassword: Type.String() })
export type ChangeUsernameBody = Static<typeof ChangeUsernameBody>

export const ChangePasswordBody = Type.Object({ currentPassword: Type.String(), newPassword: Type.String() })
export type ChangePasswordBody = Static<typeof ChangePasswordBody>

export const AuthOk = Type.Object({ ok: Type.Boolean() })
export type AuthOk = Static<typeof AuthOk>

/** GET /api/auth/security-info: the facts the admin Settings tab lists, in English. */
export const SecurityInfo = Type.Object({ items: Type.Array(Type.String()) })
export type SecurityInfo = Static<typeof SecurityInfo>
