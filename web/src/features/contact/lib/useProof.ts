import { useCallback, useRef } from 'react'
import { fetchSolvedProof, type SolvedProof } from './proof'

/** A proof is fetched again when less than this is left of its validity. */
const MARGIN_MS = 60_000

/**
 * The proof of work of one form: `prepare` (on focus) starts fetching and solving it in the
 * background; `take` (at submit) waits for it and hands it out once (each is accepted once), so the
 * next send starts a fresh one. A failed or stale proof is fetched again.
 */
export function useProof() {
  const current = useRef<Promise<SolvedProof> | null>(null)
  const expiresAt = useRef(0)

  const prepare = useCallback((): Promise<SolvedProof> => {
    const fresh = current.current && (expiresAt.current === 0 || expiresAt.current - MARGIN_MS > Date.now())
    if (current.current && fresh) return current.current
    expiresAt.current = 0
    const p = fetchSolvedProof().then(
      (proof) => {
        if (current.current === p) expiresAt.current = proof.expiresAt
        return proof
      },
      (err: unknown) => {
        if (current.current === p) current.current = null
        throw err
      },
    )
    current.current = p
    return p
  }, [])

  const start = useCallback(() => {
    prepare().catch(() => undefined) // tried again at submit
  }, [prepare])

  const take = useCallback(async (): Promise<string> => {
    const proof = await prepare()
    current.current = null
    return proof.payload
  }, [prepare])

  return { start, take }
}
