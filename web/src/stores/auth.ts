// The current user (spec §4): signed in when GET /api/auth/user returns data, otherwise signed out
// (401 or any failure). Login and logout refresh it; logout also clears all cached server data.
import { create } from 'zustand'
import { clearQueryCache } from '@/lib/query'
import type { AuthUser, LoginBody } from '@site/contracts'
import * as api from '@/api/auth'

export type AuthStatus = 'unknown' | 'loading' | 'ready'

interface AuthState {
  user: AuthUser | null
  /** 'unknown' before the first check, 'loading' during one, then 'ready'. */
  status: AuthStatus
  /** Reads the current user again (never retried; any failure means signed out). */
  refresh: () => Promise<AuthUser | null>
  /** Signed out without asking (the page's request carried no session cookie). */
  signedOut: () => void
  /**
   * Signs in, then refreshes the user; 'two-factor' when the account asks for a code next
   * (then `secondFactor`), 'setup' when its role requires two-factor sign-in and it has none (then
   * the setup, and `signedIn` once the recovery codes were shown). Throws the ApiError on failure
   * (the caller shows the toast).
   */
  login: (payload: LoginBody) => Promise<AuthUser | null | 'two-factor' | 'setup'>
  /** After a sign-in's 2FA setup: the session exists; the admin opens now. */
  signedIn: () => Promise<AuthUser | null>
  /** The code step of a two-factor sign-in. Throws the ApiError on a wrong code. */
  secondFactor: (code: string) => Promise<AuthUser | null>
  /** Signs out, clears all cached data, refreshes the user. Throws on failure. */
  logout: () => Promise<void>
}

let inflight: Promise<AuthUser | null> | null = null

export const useAuth = create<AuthState>()((set, get) => ({
  user: null,
  status: 'unknown',
  refresh: () => {
    if (inflight) return inflight
    set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading' }))
    inflight = api
      .getCurrentUser()
      .catch(() => null)
      .then((user) => {
        set({ user, status: 'ready' })
        return user
      })
      .finally(() => {
        inflight = null
      })
    return inflight
  },
  signedOut: () => {
    if (get().status === 'unknown') set({ user: null, status: 'ready' })
  },
  login: async (payload) => {
    const answer = await api.login(payload)
    if ('two_factor_required' in answer) return 'two-factor'
    if ('two_factor_setup_required' in answer) return 'setup'
    return get().signedIn()
  },
  signedIn: () => {
    clearQueryCache() // admin-only data (drafts) may now be visible
    inflight = null
    return get().refresh()
  },
  secondFactor: async (code) => {
    await api.loginSecondFactor(code)
    return get().signedIn()
  },
  logout: async () => {
    try {
      await api.logout()
    } finally {
      clearQueryCache()
      inflight = null
      set({ user: null })
      await get().refresh()
    }
  },
}))

/** True when an administrator is signed in. */
export const useIsAdmin = () => useAuth((s) => s.user !== null)
