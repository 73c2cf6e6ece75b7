import { useState } from 'react'

/**
 * True from the first time `open` is true. Mount a lazily loaded dialog only once it has been asked
 * for (its chunk loads then), and keep it mounted afterwards so it can animate closed and keep state.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}
