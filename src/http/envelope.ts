// The spec's envelope (§7): every API answer is { status, message, data } or
// { status, message, errors }, with `status` repeating the HTTP status and `message`
// in the language of accept-language. Handlers answer with `ok()` or throw an ApiError.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Envelope } from '../../lib/envelope.ts'
import type { AppEnv } from '../types.ts'

/** Under /api: answered with the envelope, in accept-language's words. */
export function isApiRequest(c: Context): boolean {
  return c.req.path === '/api' || c.req.path.startsWith('/api/')
}

export function ok<T>(c: Context<AppEnv>, message: MessageDescriptor, data?: T, status: 200 | 201 = 200) {
  const body: Envelope<T> = { status, message: c.var.i18n._(message) }
  if (data !== undefined) body.data = data
  return c.json(body, status)
}

/** 201: what the call made, such as a new post. */
export function created<T>(c: Context<AppEnv>, message: MessageDescriptor, data: T) {
  return ok(c, message, data, 201)
}

/** One message per field: worded already, or worded when answered (before the locale is known). */
type FieldMessages = Record<string, string | MessageDescriptor>

/**
 * A failure the client can act on: its status, a message, and for 422 one message per
 * field. The error handler words it in the request's language (src/errors.tsx).
 */
export class ApiError extends HTTPException {
  readonly descriptor: MessageDescriptor
  readonly errors: FieldMessages | undefined
  readonly retryAfter: number | undefined

  constructor(
    status: ContentfulStatusCode,
    message: MessageDescriptor,
    opts: { errors?: FieldMessages; retryAfter?: number } = {},
  ) {
    super(status, { message: message.id })
    this.descriptor = message
    this.errors = opts.errors
    this.retryAfter = opts.retryAfter
  }
}

const CORRECT_FIELDS = msg`Please correct the fields marked.`

/** A 422 for input that failed validation: one worded message per field. */
export function invalidFields(errors: Record<string, string>): ApiError {
  return new ApiError(422, CORRECT_FIELDS, { errors })
}

/** A 422 for one field, worded in the request's language. */
export function invalidField(c: Context<AppEnv>, field: string, message: MessageDescriptor): ApiError {
  return invalidFields({ [field]: c.var.i18n._(message) })
}

export function apiErrorBody(c: Context<AppEnv>, error: ApiError): Envelope {
  const body: Envelope = { status: error.status, message: c.var.i18n._(error.descriptor) }
  if (error.errors) {
    body.errors = Object.fromEntries(Object.entries(error.errors).map(([field, text]) => [field, typeof text === 'string' ? text : c.var.i18n._(text)]))
  }
  return body
}
