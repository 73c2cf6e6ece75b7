// The ALTCHA proof of work (docs/contact.md, "Spam"): find n ≤ max with SHA-256(salt + n) equal
// to the challenge. crypto.subtle does the hashing; a batch of digests runs at once, then the loop
// yields, so whichever thread runs it (the proof worker, or the page as a fallback) stays responsive.
const BATCH = 256

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16))

function same(a: ArrayBuffer, b: Uint8Array): boolean {
  const x = new Uint8Array(a)
  if (x.length !== b.length) return false
  for (let i = 0; i < x.length; i++) if (x[i] !== b[i]) return false
  return true
}

export interface ProofTask {
  challenge: string
  salt: string
  max: number
}

/** The number, or null when none in range matches (a challenge not of this scheme). */
export async function solveProof(task: ProofTask, shouldStop: () => boolean = () => false) {
  const target = hexBytes(task.challenge)
  const encoder = new TextEncoder()
  for (let start = 0; start <= task.max; start += BATCH) {
    if (shouldStop()) return null
    const end = Math.min(start + BATCH - 1, task.max)
    const digests: Promise<ArrayBuffer>[] = []
    for (let n = start; n <= end; n++)
      digests.push(crypto.subtle.digest('SHA-256', encoder.encode(task.salt + n)))
    const hashes = await Promise.all(digests)
    const i = hashes.findIndex((h) => same(h, target))
    if (i >= 0) return start + i
    await new Promise((r) => setTimeout(r, 0))
  }
  return null
}
