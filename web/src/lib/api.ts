// The one HTTP client of the app (spec §7). Every call:
// - sends cookies (withCredentials) and `X-Requested-With: XMLHttpRequest` (the services' CSRF rule);
// - sets `Content-Type: application/json` only when there is a JSON body; FormData goes as multipart
//   (the browser sets the boundary); no body, no content type;
// - turns any non-2xx answer into an ApiError whose message is "<status>: <response text or status text>"
//   and which carries the status and the server's `message` (shown to users as is, spec §8);
// - is never retried.
// axios is the stack's one HTTP client (design §6); it also gives upload progress, which fetch cannot.
import axios, { AxiosError, AxiosHeaders, type AxiosProgressEvent, type AxiosResponse } from 'axios'

export type ApiErrorKind = 'http' | 'network' | 'parse' | 'aborted'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  /** HTTP status; 0 when no answer arrived (network failure, aborted). */
  readonly status: number
  /** `message` of the server's error body `{ statusCode, error, message, code? }`, when there was one. */
  readonly serverMessage: string | null
  /** `code` of the server's error body (e.g. 'CSRF'), when there was one. */
  readonly code: string | null
  /** 'http': non-2xx answer; 'network': no answer; 'parse': a 2xx answer that is not the JSON expected. */
  readonly kind: ApiErrorKind
  /** Retry-After in seconds (429/503), when sent. */
  readonly retryAfter: number | null

  constructor(opts: {
    message: string
    status: number
    kind: ApiErrorKind
    serverMessage?: string | null
    code?: string | null
    retryAfter?: number | null
    cause?: unknown
  }) {
    super(opts.message, { cause: opts.cause })
    this.status = opts.status
    this.kind = opts.kind
    this.serverMessage = opts.serverMessage ?? null
    this.code = opts.code ?? null
    this.retryAfter = opts.retryAfter ?? null
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError
}

/** The server's message when there is one, else `fallback` (spec §8: "the server message or 'X'"). */
export function errorMessage(err: unknown, fallback: string): string {
  return isApiError(err) && err.serverMessage ? err.serverMessage : fallback
}

export const http = axios.create({
  withCredentials: true,
  headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  // We read the raw text ourselves: the error message needs it, and JSON parsing is explicit.
  responseType: 'text',
  transformResponse: [(data: unknown) => data],
  transformRequest: [
    (data: unknown, headers: AxiosHeaders) => {
      if (data === undefined || data === null) {
        headers.delete('Content-Type')
        return undefined
      }
      if (typeof FormData !== 'undefined' && data instanceof FormData) {
        headers.delete('Content-Type') // multipart/form-data; boundary=... set by the browser
        return data
      }
      headers.set('Content-Type', 'application/json')
      return JSON.stringify(data)
    },
  ],
  validateStatus: (status) => status >= 200 && status < 300,
})

function parseBody(text: unknown): unknown {
  if (typeof text !== 'string' || text.trim() === '') return undefined
  return JSON.parse(text)
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err
  if (axios.isCancel(err) || (err instanceof AxiosError && err.code === AxiosError.ERR_CANCELED)) {
    return new ApiError({ message: 'Request aborted', status: 0, kind: 'aborted', cause: err })
  }
  if (err instanceof AxiosError && err.response) {
    const res = err.response
    const text = typeof res.data === 'string' ? res.data : ''
    let serverMessage: string | null = null
    let code: string | null = null
    try {
      const body = parseBody(text) as { message?: unknown; code?: unknown } | undefined
      if (body && typeof body.message === 'string') serverMessage = body.message
      if (body && typeof body.code === 'string') code = body.code
    } catch {
      // not JSON: the text itself is the message source
    }
    const retry = Number(res.headers['retry-after'])
    return new ApiError({
      message: `${res.status}: ${text || res.statusText || ''}`,
      status: res.status,
      kind: 'http',
      serverMessage,
      code,
      retryAfter: Number.isFinite(retry) && retry >= 0 ? retry : null,
      cause: err,
    })
  }
  const message = err instanceof Error ? err.message : String(err)
  return new ApiError({ message: message || 'Network Error', status: 0, kind: 'network', cause: err })
}

export interface RequestOptions {
  signal?: AbortSignal
  /** GET only: 'null' turns a 401 into a null result (the current-user read); default 'throw'. */
  on401?: 'null' | 'throw'
  params?: Record<string, string | number | boolean | undefined>
  onUploadProgress?: (e: { loaded: number; total: number | undefined }) => void
  /** Extra request headers (If-Match). */
  headers?: Record<string, string>
}

async function send(
  method: string,
  path: string,
  data: unknown,
  opts: RequestOptions = {},
): Promise<AxiosResponse<string>> {
  try {
    return await http.request<string>({
      method,
      url: path,
      data,
      signal: opts.signal,
      params: opts.params,
      headers: opts.headers,
      onUploadProgress: opts.onUploadProgress
        ? (e: AxiosProgressEvent) => opts.onUploadProgress!({ loaded: e.loaded, total: e.total })
        : undefined,
    })
  } catch (err) {
    throw toApiError(err)
  }
}

function readJson<T>(res: AxiosResponse<string>): T {
  try {
    return parseBody(res.data) as T
  } catch (err) {
    throw new ApiError({
      message: `${res.status}: unreadable response`,
      status: res.status,
      kind: 'parse',
      cause: err,
    })
  }
}

/** GET a path and parse its JSON. With `{ on401: 'null' }` a 401 answer yields null instead of an error. */
export function getJson<T>(path: string, opts: RequestOptions & { on401: 'null' }): Promise<T | null>
export function getJson<T>(path: string, opts?: RequestOptions): Promise<T>
export async function getJson<T>(path: string, opts: RequestOptions = {}): Promise<T | null> {
  try {
    return readJson<T>(await send('GET', path, undefined, opts))
  } catch (err) {
    if (opts.on401 === 'null' && err instanceof ApiError && err.status === 401) return null
    throw err
  }
}

/** GET a path and answer its body as text (a file to download, e.g. an XLIFF export). */
export async function getText(path: string, opts?: RequestOptions): Promise<string> {
  return (await send('GET', path, undefined, opts)).data
}

/** POST a JSON body (or none) and parse the JSON answer (undefined for an empty answer). */
export async function postJson<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  return readJson<T>(await send('POST', path, body, opts))
}
export async function putJson<T>(path: string, body: unknown, opts?: RequestOptions): Promise<T> {
  return readJson<T>(await send('PUT', path, body, opts))
}
export async function patchJson<T>(path: string, body: unknown, opts?: RequestOptions): Promise<T> {
  return readJson<T>(await send('PATCH', path, body, opts))
}
/** DELETE (no body, no content type); resolves on any 2xx, e.g. 204. */
export async function deleteJson<T = void>(path: string, opts?: RequestOptions): Promise<T> {
  return readJson<T>(await send('DELETE', path, undefined, opts))
}
/** POST multipart (FormData); `onUploadProgress` reports bytes sent. Resolves with the answer's status too (200 vs 202). */
export async function postForm<T>(
  path: string,
  form: FormData,
  opts?: RequestOptions,
): Promise<{ status: number; data: T }> {
  const res = await send('POST', path, form, opts)
  return { status: res.status, data: readJson<T>(res) }
}

/**
 * The ETag each editable document was read or saved with (issue 45), by the object the app holds:
 * a save sends it as If-Match, and gets 412 (code EDIT_CONFLICT) when someone saved in between.
 */
const versions = new WeakMap<object, string>()
export const versionTagOf = (doc: object | null | undefined) => (doc ? versions.get(doc) : undefined)
function remember<T>(res: AxiosResponse<string>, data: T): T {
  const tag = res.headers.etag as unknown
  if (typeof tag === 'string' && data && typeof data === 'object') versions.set(data, tag)
  return data
}
/** GET an editable document, remembering its version. */
export async function getVersioned<T>(path: string, opts?: RequestOptions): Promise<T> {
  const res = await send('GET', path, undefined, opts)
  return remember(res, readJson<T>(res))
}
/** PUT an editable document over the version `base` (If-Match when known); remembers the new one. */
export async function putVersioned<T>(
  path: string,
  body: unknown,
  base: object | null | undefined,
): Promise<T> {
  const tag = versionTagOf(base)
  const res = await send('PUT', path, body, tag ? { headers: { 'If-Match': tag } } : {})
  return remember(res, readJson<T>(res))
}
/** POST a write of an editable document that answers it (a page's language published, ...); remembers its version. */
export async function postVersioned<T>(path: string, body?: unknown): Promise<T> {
  const res = await send('POST', path, body ?? {})
  return remember(res, readJson<T>(res))
}
/** A save refused because someone else saved the document after it was opened. */
export const isEditConflict = (err: unknown) => isApiError(err) && err.status === 412
