// One import of a file into a blog post, shared by the Upload Blog dialog (/blog) and the admin's
// post editor: the upload with its bytes sent, then, when the server answers 202, the import job
// polled until it completes or fails, with its stage and percent.
import { useCallback, useRef, useState } from 'react'
import type { BlogUploadResult } from '@site/contracts'
import { getImportJob, uploadBlogFile } from '@/api/blog'

export const JOB_POLL_MS = 1000
/** How long a discarded import is still followed so its draft can be cleaned up (polls). */
const MAX_DISCARDED_POLLS = 600

export type ImportProgress =
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'processing'; stage?: string; percent?: number }

export interface ImportOptions {
  /** Text fields sent before the file (overrides, source language). */
  fields: Record<string, string>
  /** The error when a failed job names none. */
  failedText: string
  /**
   * Called with the result of an import discarded before it finished; with it, a discard does not
   * abort the import but follows it (for a bounded time) to hand its result here.
   */
  onDiscardedResult?: (result: BlogUploadResult) => void
}

interface Run {
  discarded: boolean
  controller: AbortController
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(new Error('aborted'))
    })
  })

/**
 * `start(file, options)` resolves with the import's result, or null when it was discarded meanwhile
 * (`discard()`: the dialog closed); it rejects when the upload or the job fails. `busy` while one runs;
 * `progress` once its first bytes went.
 */
export function useBlogImport() {
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const [busy, setBusy] = useState(false)
  const runRef = useRef<Run | null>(null)

  const start = useCallback(async (file: File, opts: ImportOptions): Promise<BlogUploadResult | null> => {
    const run: Run = { discarded: false, controller: new AbortController() }
    runRef.current = run
    const keepFollowing = Boolean(opts.onDiscardedResult)
    const signal = keepFollowing ? undefined : run.controller.signal
    /** Progress only while this import still belongs to the open dialog. */
    const show = (p: ImportProgress | null) => {
      if (!run.discarded) setProgress(p)
    }
    setBusy(true)
    try {
      const answer = await uploadBlogFile(file, opts.fields, {
        signal,
        onUploadProgress: ({ loaded, total }) =>
          show({ phase: 'uploading', loaded, total: total || file.size }),
      })
      let result: BlogUploadResult | undefined
      if (answer.kind === 'done') result = answer.result
      else {
        show({ phase: 'processing', stage: 'queued', percent: 0 })
        for (let polls = 0; !result && (!run.discarded || polls < MAX_DISCARDED_POLLS); polls++) {
          await sleep(JOB_POLL_MS, signal)
          const job = await getImportJob(answer.job.statusUrl, signal)
          if (job.state === 'completed' && job.result) result = job.result
          else if (job.state === 'failed') throw new Error(job.error || opts.failedText)
          else show({ phase: 'processing', stage: job.stage, percent: job.progress })
        }
      }
      if (!result) return null
      if (run.discarded) {
        opts.onDiscardedResult?.(result)
        return null
      }
      return result
    } catch (err) {
      if (run.discarded) return null
      throw err
    } finally {
      if (runRef.current === run) runRef.current = null
      if (!run.discarded) setBusy(false)
      show(null)
    }
  }, [])

  /** The dialog closed: the running import no longer reports (and is aborted unless followed). */
  const discard = useCallback(() => {
    const run = runRef.current
    runRef.current = null
    if (!run) return
    run.discarded = true
    run.controller.abort()
    setProgress(null)
    setBusy(false)
  }, [])

  return { progress, busy, start, discard }
}
