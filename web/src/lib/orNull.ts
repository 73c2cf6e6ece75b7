/** Turns '' into null (optional fields the services accept as absent or null). */
export const orNull = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null)
