// How the admin reports a write: a toast for success, one with the server's message for failure.
import { errorMessage } from '@/lib/api'
import { invalidateQueries, type QueryKey } from '@/lib/query'
import { toast } from '@/stores/toast'

export const toastSuccess = (title: string, description?: string) => toast({ title, description })

export const toastError = (title: string, err: unknown, fallback: string) =>
  toast({ title, description: errorMessage(err, fallback), variant: 'destructive' })

/**
 * A delete from a list tab: runs it, refreshes the list and says how it went. Rethrows a failure,
 * so the confirmation dialog stays open for another try.
 */
export async function deleteAndRefresh(
  run: () => Promise<unknown>,
  list: QueryKey,
  done: { title: string; description?: string },
  failed: { title: string; fallback: string },
): Promise<void> {
  try {
    await run()
    await invalidateQueries(list)
    toastSuccess(done.title, done.description)
  } catch (err) {
    toastError(failed.title, err, failed.fallback)
    throw err
  }
}
