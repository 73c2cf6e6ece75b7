import { Type, type Static } from 'typebox'
import { DISPLAY_NAME_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './rules.js'

export {
  DEFAULT_BYLINE,
  DISPLAY_NAME_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  bylineOf,
} from './rules.js'

/** Bounds the work one request can ask of the password hasher. */
export const PASSWORD_MAX = 1024

/** Messages the auth service answers with (shown to the user as is). */
export const AUTH_MESSAGES = {
  fillInAll: 'Please fill in all fields',
  loginRequired: 'Username and password are required',
  accountDisabled: 'This account is disabled. Ask an administrator.',
  emailInvalid: 'Please enter a valid e-mail address',
  emailTaken: 'This e-mail address is already in use',
  invalidCredentials: 'Invalid username or password',
  notSignedIn: 'Not signed in',
  wrongPassword: 'Current password is incorrect',
  usernameLength: `Username must be between ${USERNAME_MIN} and ${USERNAME_MAX} characters`,
  usernameChars: 'Username must not contain control characters',
  usernameTaken: 'This username is already taken',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters long`,
  displayNameLength: `Display name must be at most ${DISPLAY_NAME_MAX} characters`,
  displayNameChars: 'Display name must not contain control characters',
  displayNameIsUsername: 'Choose a display name other than your username: it is shown publicly',
} as const

export const LoginBody = Type.Object({ username: Type.String(), password: Type.String() })
export type LoginBody = Static<typeof LoginBody>

/**
 * The current admin: answer of login, GET /api/auth/user and the Settings forms. `display_name` is
 * the public byline the admin chose (null: the site's, DEFAULT_BYLINE); the username is never public.
 */
export const AuthUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  display_name: Type.Union([Type.String(), Type.Null()]),
  /** The account's role (contracts roles.ts) and, for a translator, the languages it may edit. */
  role: Type.String(),
  languages: Type.Array(Type.String()),
  email: Type.Union([Type.String(), Type.Null()]),
  /** Whether two-factor sign-in is on (GET /api/auth/user). */
  two_factor: Type.Optional(Type.Boolean()),
})
export type AuthUser = Static<typeof AuthUser>

export const ChangeUsernameBody = Type.Object({ newUsername: Type.String(), currentPassword: Type.String() })
export type ChangeUsernameBody = Static<typeof ChangeUsernameBody>

/** POST /api/auth/change-display-name: an empty name goes back to the site's byline. */
export const ChangeDisplayNameBody = Type.Object({ displayName: Type.String() })
export type ChangeDisplayNameBody = Static<typeof ChangeDisplayNameBody>

export const ChangePasswordBody = Type.Object({ currentPassword: Type.String(), newPassword: Type.String() })
export type ChangePasswordBody = Static<typeof ChangePasswordBody>

export const AuthOk = Type.Object({ ok: Type.Boolean() })
export type AuthOk = Static<typeof AuthOk>

/** GET /api/auth/security-info: the facts the admin Settings tab lists, in English. */
export const SecurityInfo = Type.Object({ items: Type.Array(Type.String()) })
export type SecurityInfo = Static<typeof SecurityInfo>
