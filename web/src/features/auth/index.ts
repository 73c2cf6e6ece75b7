// The login dialog (Radix Dialog, focus trap, scroll lock) is its own chunk: the root layout mounts
// it once it is first opened. The current user (useAuth, useIsAdmin) is shared code in
// @/stores/auth and the auth calls are in @/api/auth, so any feature reads them without this one.
import { lazy } from 'react'

export const LoginDialog = lazy(() =>
  import('./components/LoginDialog').then((m) => ({ default: m.LoginDialog })),
)

// The pages an invitation or reset mail opens (issue 46): their own chunk too.
export const InvitePage = lazy(() =>
  import('./components/TeamLinkPages').then((m) => ({ default: m.InvitePage })),
)
export const ResetPage = lazy(() =>
  import('./components/TeamLinkPages').then((m) => ({ default: m.ResetPage })),
)
