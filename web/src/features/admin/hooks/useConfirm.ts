import { useState } from 'react'

/** A delete target: which item the confirmation dialog is about. */
export function useConfirm<T>() {
  const [target, setTarget] = useState<T | null>(null)
  return {
    target,
    ask: (item: T) => setTarget(item),
    dialogProps: { open: target !== null, onOpenChange: (o: boolean) => (!o ? setTarget(null) : undefined) },
  }
}
