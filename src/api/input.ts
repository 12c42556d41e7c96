// Reading what an API call sent: its JSON body, checked against a schema, and its bearer
// token. Whatever the body, the answer is a 4xx envelope, never a 500.
import { msg } from '@lingui/core/macro'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { vValidator } from '@hono/valibot-validator'
import * as v from 'valibot'
import { isWellFormedSessionToken } from '../auth/session-token.ts'
import type { AppEnv } from '../types.ts'
import { fieldErrors } from '../validation/fields.ts'
import { ApiError, invalidFields } from '../http/envelope.ts'

/** A body over `maxSize` bytes is 413, refused before it is read. */
export function jsonLimitOf(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, msg`The request is too large.`)
    },
  })
}

/** docs/auth-api.md: a body over 64 KB is 413. */
export const jsonLimit = jsonLimitOf(64 * 1024)

/**
 * What the validator sees of a JSON body: an array or scalar has no fields, so it is judged
 * as an empty object and every field says what it needs.
 */
const fieldsOf = (body: unknown) => (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {})

const asSent = (body: unknown) => body

type Refusal = (result: v.SafeParseResult<v.GenericSchema>, c: Context<AppEnv>) => void

/** A 422 naming each field that failed, in the request's language (docs/auth-api.md). */
const refuseFields: Refusal = (result, c) => {
  if (!result.success) throw invalidFields(fieldErrors(c.var.i18n, result.issues))
}

type JsonValidator<S extends v.GenericSchema> = MiddlewareHandler<AppEnv, string, { in: { json: unknown }; out: { json: v.InferOutput<S> } }>

function validateJson<S extends v.GenericSchema>(schema: S, refuse: Refusal, list: boolean): JsonValidator<S> {
  return vValidator('json', v.pipe(v.unknown(), v.transform(list ? asSent : fieldsOf), schema), refuse)
}

interface JsonBodyOptions {
  /**
   * A call that may come without a body (a DELETE), and what it means then: no fields
   * (`'empty'`), or the fields of its query (`'query'`).
   */
  withoutBody?: 'empty' | 'query'
  /** How failed fields are answered; a 422 naming each, worded by its issue, by default. */
  refuse?: Refusal
  /**
   * The body is a list (a PUT that replaces one): judged as sent, so an object is refused on
   * `body` instead of standing for an empty list, which would clear it.
   */
  list?: boolean
}

/**
 * The call's JSON body, checked against `schema` (or the schema the worker's settings make,
 * such as the code's length), for the handler as `c.req.valid('json')`: 415 unless the body is
 * JSON, 400 unless it parses, 422 naming each bad field.
 */
export function jsonBody<S extends v.GenericSchema>(schema: S | ((env: Env) => S), { withoutBody, refuse = refuseFields, list = false }: JsonBodyOptions = {}) {
  const schemaFor = (env: Env) => (typeof schema === 'function' ? schema(env) : schema)
  // One validator per env object when the schema depends on the settings, as settings are read once per env.
  const validators = new WeakMap<Env, JsonValidator<S>>()
  const validatorFor = (env: Env) => {
    let validator = validators.get(env)
    if (!validator) validators.set(env, (validator = validateJson(schemaFor(env), refuse, list)))
    return validator
  }
  const middleware: JsonValidator<S> = async (c, next) => {
    const header = c.req.header('content-type')
    if (header === undefined && withoutBody === 'query') {
      const result = v.safeParse(schemaFor(c.env), c.req.query())
      refuse(result, c)
      c.req.addValidatedData('json', result.output as object)
      return next()
    }
    if (header !== undefined || !withoutBody) {
      if (header?.split(';')[0]?.trim().toLowerCase() !== 'application/json') throw new ApiError(415, msg`Please send the request as JSON.`)
      // Parsed here to answer in the envelope; the validator reads the body Hono has kept.
      await c.req.json().catch(() => {
        throw new ApiError(400, msg`The request body is not valid JSON.`)
      })
    }
    return validatorFor(c.env)(c, next)
  }
  return middleware
}

/** The token of an `Authorization: Bearer …` header, when it has a token's shape. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]+)$/i.exec(authorization ?? '')
  const token = match?.[1]
  return isWellFormedSessionToken(token) ? token : undefined
}
