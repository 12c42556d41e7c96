// The spec's envelope (§7), as it travels: every API answer is { status, message, data } or
// { status, message, errors }, with `status` repeating the HTTP status and `message` in the
// language of accept-language. The worker builds it (src/api/envelope.ts); islands read it.
export interface Envelope<T = unknown> {
  status: number
  message: string
  data?: T
  errors?: Record<string, string>
}
