// Reading what an API call sent: its JSON body, checked against a schema, and its bearer
// token. Whatever the body, the answer is a 4xx envelope, never a 500.
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as v from 'valibot'
import { isWellFormedSessionToken } from '../auth/session-token.ts'
import type { AppEnv } from '../types.ts'
import { fieldErrors } from '../validation/fields.ts'
import { ApiError, invalidFields } from '../http/envelope.ts'

/** docs/auth-api.md: a body over 64 KB is 413, refused before it is read. */
export const jsonLimit = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new ApiError(413, msg`The request is too large.`)
  },
})

/** The body as the schema's output, or a 415, 400 or 422 ApiError. */
export async function readJson<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json') throw new ApiError(415, msg`Please send the request as JSON.`)
  let body: unknown
  try {
    body = JSON.parse(await c.req.text())
  } catch {
    throw new ApiError(400, msg`The request body is not valid JSON.`)
  }
  // A JSON array or scalar has no fields; judge it as an empty object so every field says what it needs.
  const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}
  return validate(c, schema, input)
}

export function validate<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  throw invalidFields(fieldErrors(c.var.i18n, result.issues))
}

/** The token of `Authorization: Bearer …`, when it has a token's shape. */
export function bearerToken(c: Context<AppEnv>): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]+)$/i.exec(c.req.header('authorization') ?? '')
  const token = match?.[1]
  return isWellFormedSessionToken(token) ? token : undefined
}
