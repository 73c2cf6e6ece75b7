// What the server answered for the page it rendered: 200, 404, or 503 when a service
// it reads from was down. The browser gets the same value with the page's data, so it hydrates the
// same "temporarily unavailable" page; once the visitor navigates elsewhere it no longer applies.
export interface BootState {
  status: number
  /** The path the status belongs to. */
  path: string
  /**
   * Whether the page's request carried a session cookie (server-rendered pages only). `false`:
   * the visitor is signed out, and the browser does not ask (the answer would be a 401).
   */
  session?: boolean
}

let boot: BootState = { status: 200, path: '' }

export const getBootState = (): BootState => boot
export function setBootState(next: BootState): void {
  boot = next
}
