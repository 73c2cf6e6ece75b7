// Typed access to the lead's scripts/lib/stack.mjs: the real services, workers, web and gateway
// from their dist builds on free ports (needs MONGO_URL/REDIS_URL: run through `npm test`).
export interface Stack {
  /** The gateway: http://127.0.0.1:<port>; open pages and call /api/... here. */
  url: string
  ports: Record<string, number>
  env: Record<string, string>
  stop: () => Promise<void>
  /** The processes' supervisor: `signal(name, sig)` kills or freezes one (a killed one is restarted). */
  supervisor: { signal: (name: string, sig: NodeJS.Signals) => void }
  /** Creates or updates an admin account with the auth service's own seed command. */
  seedAdmin: (username: string, password: string) => void
}

export async function startStack(
  opts: { env?: Record<string, string>; only?: string[]; quiet?: boolean } = {},
): Promise<Stack> {
  const href = new URL('../../../scripts/lib/stack.mjs', import.meta.url).href
  const mod = (await import(href)) as { startStack: (o: typeof opts) => Promise<Stack> }
  return mod.startStack(opts)
}

/** Creates (or updates) an admin account, so a test can sign in through the UI like a person. */
export async function seedAdmin(stack: Stack, username: string, password: string): Promise<void> {
  stack.seedAdmin(username, password)
}
