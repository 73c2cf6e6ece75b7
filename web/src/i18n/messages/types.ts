import type { nl } from './nl/index'

/** The shape of a catalog: the Dutch one's (nl/index.ts). en and de must match it exactly. */
export type Messages = typeof nl
