import type { Messages } from '../types'
import { auth as nl } from '../nl/auth'

// Spec §2/§8 give one wording for this area; it is shown as is in every language. Replace with
// translations (keeping the shape) where the spec asks for them.
export const auth: Messages['auth'] = { ...nl }
