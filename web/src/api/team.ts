// The team (issue 46; docs/security.md "The team"): people, invitations, sessions, two-factor sign-in.
import { deleteJson, getJson, patchJson, postJson, putJson, type RequestOptions } from '@/lib/api'
import type {
  AuthUser,
  Invitation,
  InvitationView,
  PagedList,
  TeamMember,
  TeamMemberUpdate,
  TeamPolicy,
} from '@site/contracts'

export const listUsers = (page: number, pageSize: number, opts?: RequestOptions) =>
  getJson<PagedList<TeamMember>>(`/api/admin/users?page=${page}&pageSize=${pageSize}`, opts)
export const getPolicy = (opts?: RequestOptions) => getJson<TeamPolicy>('/api/admin/users/policy', opts)
export const setPolicy = (body: TeamPolicy) => putJson<TeamPolicy>('/api/admin/users/policy', body)
export const updateUser = (id: string, body: TeamMemberUpdate) =>
  patchJson<TeamMember>(`/api/admin/users/${encodeURIComponent(id)}`, body)
export const listInvites = (opts?: RequestOptions) =>
  getJson<{ items: Invitation[] }>('/api/admin/users/invites', opts)
export const invite = (body: { email: string; role: string; languages?: string[] }) =>
  postJson<Invitation>('/api/admin/users/invites', body)
export const resendInvite = (id: string) =>
  postJson<Invitation>(`/api/admin/users/invites/${encodeURIComponent(id)}/resend`)
export const revokeInvite = (id: string) => deleteJson(`/api/admin/users/invites/${encodeURIComponent(id)}`)

export const openInvite = (token: string, opts?: RequestOptions) =>
  getJson<InvitationView>(`/api/auth/invites/${encodeURIComponent(token)}`, opts)
export const acceptInvite = (token: string, body: { display_name: string; password: string }) =>
  postJson<AuthUser | { two_factor_setup_required: true }>(
    `/api/auth/invites/${encodeURIComponent(token)}/accept`,
    body,
  )
export const askPasswordReset = (email: string) =>
  postJson<{ ok: true }>('/api/auth/password-reset', { email })
export const setPasswordWithLink = (token: string, password: string) =>
  postJson<{ ok: true }>(`/api/auth/password-reset/${encodeURIComponent(token)}`, { password })

export interface SessionItem {
  id: string
  device: string
  ip: string
  signed_in_at: string
  last_seen_at: string
  current: boolean
}
export const listSessions = (opts?: RequestOptions) =>
  getJson<{ items: SessionItem[] }>('/api/auth/sessions', opts)
export const endSession = (id: string) => deleteJson(`/api/auth/sessions/${encodeURIComponent(id)}`)
export const endOtherSessions = () => deleteJson<{ ended: number }>('/api/auth/sessions')

export const setupTwoFactor = () => postJson<{ secret: string; otpauth_url: string }>('/api/auth/2fa/setup')
export const enableTwoFactor = (code: string) =>
  postJson<{ recovery_codes: string[] }>('/api/auth/2fa/enable', { code })
export const loginSecondFactor = (code: string) => postJson<AuthUser>('/api/auth/login/2fa', { code })
/** The password or a current code confirms turning 2FA off or new recovery codes (403 when wrong). */
export type TwoFactorConfirm = { password: string } | { code: string }
export const disableTwoFactor = (body: TwoFactorConfirm) =>
  postJson<{ ok: true }>('/api/auth/2fa/disable', body)
export const newRecoveryCodes = (body: TwoFactorConfirm) =>
  postJson<{ recovery_codes: string[] }>('/api/auth/2fa/recovery-codes', body)
