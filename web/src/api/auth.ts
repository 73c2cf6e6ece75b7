// Auth calls (docs/api.md "Auth"). Admin-only calls answer 401 without a session.
import { getJson, postJson, type RequestOptions } from '@/lib/api'
import type { AuthUser, LoginBody } from '@site/contracts'

/** The signed-in user, or null when signed out (401). */
export const getCurrentUser = (opts?: RequestOptions) =>
  getJson<AuthUser>('/api/auth/user', { ...opts, on401: 'null' })

/**
 * 200 user + session cookie, or `{ two_factor_required: true }` (then POST /api/auth/login/2fa),
 * or `{ two_factor_setup_required: true }` (the role requires 2FA: set it up first, then signed in);
 * 401 'Invalid username or password'; 403 disabled; 429 too many attempts.
 */
export const login = (payload: LoginBody) =>
  postJson<AuthUser | { two_factor_required: true } | { two_factor_setup_required: true }>(
    '/api/auth/login',
    payload,
  )

/** The setup a sign-in must go through first (no session until it is on). */
export const loginSetup = () => postJson<{ secret: string; otpauth_url: string }>('/api/auth/login/2fa/setup')
/** Turns 2FA on in that setup: the recovery codes (once) and the session. */
export const loginEnable = (code: string) =>
  postJson<{ recovery_codes: string[]; user: AuthUser }>('/api/auth/login/2fa/enable', { code })

/** The second step of a sign-in with two-factor sign-in on: a TOTP or recovery code. */
export const loginSecondFactor = (code: string) => postJson<AuthUser>('/api/auth/login/2fa', { code })

export const logout = () => postJson<{ ok: true }>('/api/auth/logout')

/** 400 rules, 401/403 wrong password, 409 taken: show `errorMessage(err, 'Failed to update username')`. */
export const changeUsername = (payload: { newUsername: string; currentPassword: string }) =>
  postJson<AuthUser>('/api/auth/change-username', payload)

/** The public byline of the admin's posts; '' goes back to the site's name. 400 rules (the username is refused). */
export const changeDisplayName = (payload: { displayName: string }) =>
  postJson<AuthUser>('/api/auth/change-display-name', payload)

/** Other sessions of the user end. */
export const changePassword = (payload: { currentPassword: string; newPassword: string }) =>
  postJson<{ ok: true }>('/api/auth/change-password', payload)

/** The security facts the Settings tab lists (English, from the server's config). */
export const getSecurityInfo = (opts?: RequestOptions) =>
  getJson<{ items: string[] }>('/api/auth/security-info', opts)
