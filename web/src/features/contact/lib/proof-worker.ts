// The proof-of-work solver off the page's thread: one task in, its number (or null) out.
import { solveProof, type ProofTask } from './proof-solve'

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ProofTask>) => void) | null
  postMessage(value: number | null): void
}
scope.onmessage = (e) => {
  void solveProof(e.data).then(
    (n) => scope.postMessage(n),
    () => scope.postMessage(null),
  )
}
