// The contact form's proof of work, solved while the visitor types (docs/contact.md, "Spam"): a
// challenge from GET /api/contacts/challenge, solved in a Web Worker (on the page in small batches
// where a worker cannot start), answered as the ALTCHA widget's base64 payload (`altcha`).
import { getContactChallenge } from '@/api/contacts'
import { solveProof, type ProofTask } from './proof-solve'

export interface SolvedProof {
  /** The `altcha` field of POST /api/contacts. */
  payload: string
  /** Epoch ms after which the server refuses it (the `expires` in the signed salt). */
  expiresAt: number
}

function inWorker(task: ProofTask): Promise<number | null> {
  let worker: Worker
  try {
    worker = new Worker(new URL('./proof-worker.ts', import.meta.url), { type: 'module' })
  } catch {
    return solveProof(task)
  }
  return new Promise((resolve) => {
    const done = (n: number | null) => {
      worker.terminate()
      resolve(n)
    }
    worker.onmessage = (e: MessageEvent<number | null>) => done(e.data)
    // A worker that cannot load (an old browser, a blocked script): solve on the page instead.
    worker.onerror = () => {
      worker.terminate()
      void solveProof(task).then(resolve, () => resolve(null))
    }
    worker.postMessage(task)
  })
}

/** A fresh challenge, solved. Rejects when the challenge cannot be fetched or solved. */
export async function fetchSolvedProof(): Promise<SolvedProof> {
  const c = await getContactChallenge()
  const number = await inWorker({ challenge: c.challenge, salt: c.salt, max: c.maxnumber })
  if (number === null) throw new Error('proof of work not solved')
  const expires = Number(/[?&]expires=(\d+)/.exec(c.salt)?.[1] ?? 0) * 1000
  const { algorithm, challenge, salt, signature } = c
  const payload = btoa(JSON.stringify({ algorithm, challenge, number, salt, signature }))
  return { payload, expiresAt: expires || Date.now() + 5 * 60_000 }
}
