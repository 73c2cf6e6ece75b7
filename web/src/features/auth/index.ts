// auth is a core feature: every feature may import it (only through this file) for the current
// user (useAuth, useIsAdmin) and the auth calls.
import { lazy } from 'react'

export * from './api/auth'
export { useAuth, useIsAdmin, type AuthStatus } from './stores/auth'
// The dialog (Radix Dialog, focus trap, scroll lock) is its own chunk: the root layout mounts it
// once it is first opened.
export const LoginDialog = lazy(() => import('./components/LoginDialog').then((m) => ({ default: m.LoginDialog })))
