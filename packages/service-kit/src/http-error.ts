// Its own module, so the body limits (which answer with one) and the error handler (which reads
// the limits) do not import each other.

/** An error whose message is meant for the user (always a 4xx or a 503). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}
