// The Blog tab's recent imports: one page of GET /api/blog/imports, fetched again every second
// while an import on it runs (spec §4 rules out polling for ordinary data; a running job's progress
// is the exception useBlogImport makes too), and the Retry of a failed one.
import { useEffect, useRef, useState } from 'react'
import type { BlogImport, PagedList } from '@site/contracts'
import { listImports, retryImport } from '@/api/blog'
import { getQueryData, invalidateQueries, setQueryData } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { JOB_POLL_MS } from '@/lib/useBlogImport'
import { ADMIN_PAGE_SIZE, usePagedList } from '../../../hooks/usePagedList'
import { toastError, toastSuccess } from '../../../lib/toasts'
import { texts } from '../../../texts'

export const isRunning = (i: BlogImport) => i.state === 'waiting' || i.state === 'active'

export function useImports() {
  const ti = texts.imports
  const list = usePagedList(
    (page) => queryKeys.blog.importsPage(page, ADMIN_PAGE_SIZE),
    (page, _q, signal) => listImports(page, ADMIN_PAGE_SIZE, signal),
  )
  const { data, refetch, isFetching } = list.query
  const [retrying, setRetrying] = useState<string | null>(null)

  // Opening the tab again reads the list anew (an import may have started elsewhere meanwhile).
  const cachedOnMount = useRef(data !== undefined)
  useEffect(() => {
    if (cachedOnMount.current) void refetch()
  }, [refetch])

  // Each finished read (an answer or an error) schedules the next while an import runs; none
  // running, the polling stops.
  const anyRunning = data?.items.some(isRunning) ?? false
  useEffect(() => {
    if (!anyRunning || isFetching) return
    const timer = setTimeout(() => void refetch(), JOB_POLL_MS)
    return () => clearTimeout(timer)
  }, [data, anyRunning, isFetching, refetch])

  // An import that finished made a post: the posts lists (the admin's above, /blog's) show it.
  const runningBefore = useRef<Set<string>>(new Set())
  useEffect(() => {
    const finished = data?.items.some((i) => i.state === 'completed' && runningBefore.current.has(i.id))
    runningBefore.current = new Set(data?.items.filter(isRunning).map((i) => i.id))
    if (finished) {
      void invalidateQueries(queryKeys.blog.list('all'))
      void invalidateQueries(queryKeys.blog.list('published'))
    }
  }, [data])

  async function retry(item: BlogImport) {
    setRetrying(item.id)
    try {
      const queued = await retryImport(item.id)
      // The answer is the import as queued now: shown at once, then followed by the polling.
      const key = queryKeys.blog.importsPage(list.page, ADMIN_PAGE_SIZE)
      const page = getQueryData<PagedList<BlogImport>>(key)
      if (page)
        setQueryData(key, { ...page, items: page.items.map((i) => (i.id === queued.id ? queued : i)) })
      toastSuccess(ti.retried, ti.retriedText(item.filename))
    } catch (err) {
      // A 409 says why in the admin's terms (still running, finished, file gone); the list shows why.
      toastError(ti.retryFailed, err, ti.retryFailedText)
      await invalidateQueries(queryKeys.blog.imports)
    } finally {
      setRetrying(null)
    }
  }

  return { ...list, retry, retrying }
}
