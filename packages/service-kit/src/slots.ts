import { HttpError } from './http-error.js'

/**
 * At most `size` holders at once; the others wait their turn, each at most `waitMs`, then get a
 * 503 with Retry-After (a slot held by a client that stopped reading is freed when its connection
 * closes). Bounds what a process spends on concurrent large reads (issue 45).
 */
export class Slots {
  private held = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    readonly size: number,
    private readonly waitMs: number,
  ) {}

  get inUse() {
    return this.held
  }

  /** Resolves with the function that frees the slot (call it once). */
  async take(message: string): Promise<() => void> {
    if (this.held >= this.size) {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          const i = this.waiting.indexOf(turn)
          if (i >= 0) this.waiting.splice(i, 1)
          reject(new HttpError(503, message, 'BUSY', { 'retry-after': '5' }))
        }, this.waitMs)
        this.waiting.push(turn)
      })
    } else this.held++
    let freed = false
    return () => {
      if (freed) return
      freed = true
      const next = this.waiting.shift()
      // The slot passes to the next in line as it is; else it is given back.
      if (next) next()
      else this.held--
    }
  }
}
