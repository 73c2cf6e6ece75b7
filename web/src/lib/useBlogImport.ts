// One import of a file into a blog post, shared by the Upload Blog dialog (/blog) and the admin's
// post editor: the upload with its bytes sent, then, when the server answers 202, the import job
// polled until it completes or fails, with its stage and percent. A dialog closed meanwhile stops
// following it; the server's import goes on and the admin's imports list shows it.
import { useCallback, useRef, useState } from 'react'
import type { BlogUploadResult } from '@site/contracts'
import { getImportJob, uploadBlogFile } from '@/api/blog'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'

export const JOB_POLL_MS = 1000

export type ImportProgress =
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'processing'; stage?: string; percent?: number }

/** Every byte went: the server imports the file now, also when the dialog is closed. */
export const onServer = (p: ImportProgress | null): boolean =>
  p?.phase === 'processing' || (p?.phase === 'uploading' && p.loaded >= p.total)

export interface ImportOptions {
  /** Text fields sent before the file (overrides, source language). */
  fields: Record<string, string>
  /** The error when a failed job names none. */
  failedText: string
}

interface Run {
  discarded: boolean
  /** Every byte went: the server imports the file whether or not this dialog waits for it. */
  sent: boolean
  controller: AbortController
}

const fail = (message: string): never => {
  throw new Error(message)
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
 * `progress` once its first bytes went. `discard()` answers true when the import goes on without
 * the dialog (its file was sent), so the dialog can say where to follow it.
 */
export function useBlogImport() {
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const [busy, setBusy] = useState(false)
  const runRef = useRef<Run | null>(null)

  const start = useCallback(async (file: File, opts: ImportOptions): Promise<BlogUploadResult | null> => {
    const run: Run = { discarded: false, sent: false, controller: new AbortController() }
    runRef.current = run
    const { signal } = run.controller
    /** Progress only while this import still belongs to the open dialog. */
    const show = (p: ImportProgress | null) => {
      if (!run.discarded) setProgress(p)
    }
    setBusy(true)
    try {
      const answer = await uploadBlogFile(file, opts.fields, {
        signal,
        onUploadProgress: ({ loaded, total }) => {
          if (loaded >= (total || file.size)) run.sent = true
          show({ phase: 'uploading', loaded, total: total || file.size })
        },
      })
      run.sent = true
      let result: BlogUploadResult | undefined
      if (answer.kind === 'done') result = answer.result
      else {
        show({ phase: 'processing', stage: 'queued', percent: 0 })
        while (!result) {
          await sleep(JOB_POLL_MS, signal)
          const job = await getImportJob(answer.job.statusUrl, signal)
          // Completed without a result: its post was deleted meanwhile.
          if (job.state === 'completed') result = job.result ?? fail(opts.failedText)
          else if (job.state === 'failed') fail(job.error || opts.failedText)
          else show({ phase: 'processing', stage: job.stage, percent: job.progress })
        }
      }
      return run.discarded ? null : result
    } catch (err) {
      if (run.discarded) return null
      throw err
    } finally {
      if (runRef.current === run) runRef.current = null
      if (!run.discarded) setBusy(false)
      show(null)
      // The server has the import: the admin's imports list (if cached or on screen) shows it anew.
      if (run.sent) void invalidateQueries(queryKeys.blog.imports)
    }
  }, [])

  /**
   * The dialog closed: the running import no longer reports and its calls are aborted. True when
   * the file had been sent: the server's import goes on (the admin's imports list shows it).
   */
  const discard = useCallback((): boolean => {
    const run = runRef.current
    runRef.current = null
    if (!run) return false
    run.discarded = true
    run.controller.abort()
    setProgress(null)
    setBusy(false)
    return run.sent
  }, [])

  return { progress, busy, start, discard }
}
