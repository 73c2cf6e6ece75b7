// A small server-data cache with the rules of spec §4: data is fetched when a screen needs it,
// never retried, never refetched on focus, no polling, never goes stale by time; it is refetched
// after writes (`invalidateQueries`, or `useMutation({ invalidate })`) and wiped on logout (`clearQueryCache`).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'

export type QueryKey = readonly unknown[]
export type QueryStatus = 'pending' | 'success' | 'error'

export interface QueryState<T> {
  status: QueryStatus
  data: T | undefined
  error: Error | null
  /** A request is in flight (first load or a refetch that keeps showing the old data). */
  isFetching: boolean
}

interface Entry<T = unknown> {
  key: QueryKey
  state: QueryState<T>
  fetcher: ((signal: AbortSignal) => Promise<T>) | null
  controller: AbortController | null
  promise: Promise<void> | null
  listeners: Set<() => void>
  /** Needs a fetch before its data may be shown again (invalidated). */
  stale: boolean
}

const cache = new Map<string, Entry>()
const INITIAL: QueryState<never> = { status: 'pending', data: undefined, error: null, isFetching: false }

const hashKey = (key: QueryKey) => JSON.stringify(key)

function getEntry<T>(key: QueryKey): Entry<T> {
  const hash = hashKey(key)
  let entry = cache.get(hash) as Entry<T> | undefined
  if (!entry) {
    entry = {
      key,
      state: INITIAL,
      fetcher: null,
      controller: null,
      promise: null,
      listeners: new Set(),
      stale: true,
    }
    cache.set(hash, entry as Entry)
  }
  return entry
}

function setState<T>(entry: Entry<T>, patch: Partial<QueryState<T>>) {
  entry.state = { ...entry.state, ...patch }
  for (const l of entry.listeners) l()
}

function run<T>(entry: Entry<T>): Promise<void> {
  if (entry.promise) return entry.promise
  const fetcher = entry.fetcher
  if (!fetcher) return Promise.resolve()
  const controller = new AbortController()
  entry.controller = controller
  entry.stale = false
  setState(entry, { isFetching: true })
  const promise = fetcher(controller.signal).then(
    (data) => {
      if (controller.signal.aborted) return
      setState(entry, { status: 'success', data, error: null, isFetching: false })
    },
    (err: unknown) => {
      if (controller.signal.aborted) return
      setState(entry, {
        status: 'error',
        error: err instanceof Error ? err : new Error(String(err)),
        isFetching: false,
      })
    },
  )
  entry.promise = promise.finally(() => {
    if (entry.controller === controller) {
      entry.promise = null
      entry.controller = null
    }
  })
  return entry.promise
}

function startsWith(key: QueryKey, prefix: QueryKey) {
  return prefix.every((part, i) => hashKey([part]) === hashKey([key[i]]))
}

/**
 * Marks every query whose key starts with `prefix` for refetch: the ones on screen refetch now
 * (keeping their old data while loading), the others are dropped and load fresh when next shown.
 */
export async function invalidateQueries(prefix: QueryKey): Promise<void> {
  const pending: Promise<void>[] = []
  for (const [hash, entry] of cache) {
    if (!startsWith(entry.key, prefix)) continue
    if (entry.listeners.size === 0) {
      entry.controller?.abort()
      cache.delete(hash)
      continue
    }
    entry.controller?.abort()
    entry.promise = null
    entry.stale = true
    pending.push(run(entry))
  }
  await Promise.all(pending)
}

/** Wipes all cached server data (logout, spec §4); queries on screen load again from scratch. */
export function clearQueryCache(): void {
  for (const [hash, entry] of cache) {
    entry.controller?.abort()
    entry.promise = null
    entry.controller = null
    if (entry.listeners.size === 0) {
      cache.delete(hash)
      continue
    }
    entry.stale = true
    setState(entry, { ...INITIAL })
    void run(entry)
  }
}

/** Reads cached data (or undefined). */
export function getQueryData<T>(key: QueryKey): T | undefined {
  return (cache.get(hashKey(key)) as Entry<T> | undefined)?.state.data
}

/** Replaces cached data, e.g. with the record a save answered. */
export function setQueryData<T>(key: QueryKey, data: T): void {
  const entry = getEntry<T>(key)
  entry.stale = false
  setState(entry, { status: 'success', data, error: null })
}

/**
 * Server rendering: the server empties the cache before each page and seeds it with the data it
 * fetched; the browser seeds it with the same data (embedded in the page) before hydrating, so the
 * first render shows the data, not a skeleton, and nothing is fetched again.
 */
export function resetQueryCache(): void {
  for (const entry of cache.values()) entry.controller?.abort()
  cache.clear()
}

export type SeedEntry = readonly [key: QueryKey, data: unknown]

export function seedQueryCache(entries: readonly SeedEntry[]): void {
  for (const [key, data] of entries) setQueryData(key, data)
}

/**
 * Starts loading `key` unless it is cached or already loading: the browser's route loaders call it
 * on navigation, so a page's data loads while its code does; the page's useQuery then finds it
 * in flight (or done) and shows its loading state meanwhile, as before.
 */
export function prefetchQuery<T>(key: QueryKey, fetcher: (signal: AbortSignal) => Promise<T>): void {
  const entry = getEntry<T>(key)
  entry.fetcher ??= fetcher
  if (entry.stale && !entry.promise) void run(entry)
}

export interface UseQueryResult<T> extends QueryState<T> {
  isPending: boolean
  isError: boolean
  isSuccess: boolean
  /** Fetches again (after a write); resolves when done. Never throws: read `error`. */
  refetch: () => Promise<void>
}

/**
 * Server data for a screen: `useQuery(['projects'], (signal) => getJson('/api/projects', { signal }))`.
 * Loads once per key while cached; `enabled: false` waits (e.g. until the user is known).
 */
export function useQuery<T>(
  key: QueryKey,
  fetcher: (signal: AbortSignal) => Promise<T>,
  opts: { enabled?: boolean } = {},
): UseQueryResult<T> {
  const enabled = opts.enabled ?? true
  const hash = hashKey(key)
  const entry = getEntry<T>(key)
  entry.fetcher = fetcher
  const subscribe = useCallback(
    (listener: () => void) => {
      const e = getEntry<T>(JSON.parse(hash) as QueryKey)
      e.listeners.add(listener)
      return () => {
        e.listeners.delete(listener)
      }
    },
    [hash],
  )
  const snapshot = () => getEntry<T>(key).state
  // The same snapshot on the server and while hydrating: the cache was seeded with the data the
  // server rendered (seedQueryCache), so both trees start from it.
  const state = useSyncExternalStore(subscribe, snapshot, snapshot)

  useEffect(() => {
    const e = getEntry<T>(JSON.parse(hash) as QueryKey)
    if (enabled && e.stale && !e.promise) void run(e)
  }, [hash, enabled])

  const refetch = useCallback(() => {
    const e = getEntry<T>(JSON.parse(hash) as QueryKey)
    e.controller?.abort()
    e.promise = null
    e.stale = true
    return run(e)
  }, [hash])

  return {
    ...state,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
    refetch,
  }
}

export interface UseMutationResult<A, R> {
  /** Runs the write; resolves with its result or rejects with its error (never retried). */
  mutateAsync: (arg: A) => Promise<R>
  /** Same, for event handlers: errors are kept in `error` instead of thrown. */
  mutate: (arg: A) => void
  isPending: boolean
  error: Error | null
  reset: () => void
}

/**
 * A write: `useMutation((p: ProjectInput) => postJson('/api/projects', p), { invalidate: [['projects']] })`.
 * On success the listed query prefixes are refetched (spec §4), then `onSuccess` runs.
 */
export function useMutation<A, R>(
  fn: (arg: A) => Promise<R>,
  opts: {
    invalidate?: QueryKey[]
    onSuccess?: (result: R, arg: A) => void
    onError?: (err: Error, arg: A) => void
  } = {},
): UseMutationResult<A, R> {
  const [isPending, setPending] = useState(false)
  const [error, setError] = useState<Error | null>(null)
  const mutateAsync = async (arg: A) => {
    setPending(true)
    setError(null)
    try {
      const result = await fn(arg)
      await Promise.all((opts.invalidate ?? []).map((k) => invalidateQueries(k)))
      opts.onSuccess?.(result, arg)
      return result
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err))
      setError(e)
      opts.onError?.(e, arg)
      throw e
    } finally {
      setPending(false)
    }
  }
  return {
    mutateAsync,
    mutate: (arg: A) => {
      mutateAsync(arg).catch(() => undefined)
    },
    isPending,
    error,
    reset: () => setError(null),
  }
}
