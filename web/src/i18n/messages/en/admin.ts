import type { Messages } from '../types'
import { admin as nl } from '../nl/admin'

// Spec §2/§8 give one wording for this area; it is shown as is in every language. Replace with
// translations (keeping the shape) where the spec asks for them.
export const admin: Messages['admin'] = { ...nl }
