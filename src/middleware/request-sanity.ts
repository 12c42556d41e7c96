import { msg } from '@lingui/core/macro'
import type { HonoRequest } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import { ApiError } from '../http/envelope.ts'
import type { AppEnv } from '../types.ts'
import { UNUSUAL_CHARACTERS } from '../validation/fields.ts'
import { unstorableField } from '../validation/storable-text.ts'

// Longer than any URL the site builds; browsers and CDNs cap near 8 KB, we stop earlier.
export const MAX_URL_LENGTH = 2048

/** 422 naming the field, worded when answered: the query is judged before the locale is known. */
function unstorableText(field: string): ApiError {
  return new ApiError(422, msg`The field “${field}” holds a character that cannot be saved. Please remove it.`, {
    errors: { [field]: UNUSUAL_CHARACTERS },
  })
}

/** Each name's values, a single one bare: how Hono's validators shape a query or a form, so a field is named as the route knows it. */
const byName = (entries: [string, unknown[]][]) => Object.fromEntries(entries.map(([name, values]) => [name, values.length === 1 ? values[0] : values]))

/**
 * Has every JSON body and form this request's handlers parse judged as it is parsed, after
 * the route's own size limit and guards; returns the refusal once one was thrown.
 */
function judgeBodies(req: HonoRequest): () => ApiError | undefined {
  let refusal: ApiError | undefined
  const judged = <T>(parsed: T): T => {
    const field = unstorableField(parsed)
    if (field === undefined) return parsed
    throw (refusal = unstorableText(field))
  }
  const { json, parseBody, formData } = req
  req.json = (async () => judged(await json.call(req))) as typeof req.json
  req.parseBody = (async (options?: Parameters<typeof parseBody>[0]) => judged(await parseBody.call(req, options))) as typeof req.parseBody
  req.formData = async () => {
    const form = await formData.call(req)
    judged(byName([...new Set(form.keys())].map((name) => [name, form.getAll(name)])))
    return form
  }
  return () => refusal
}

/**
 * Turns away input no page could answer before any route reads it: overlong URLs (414),
 * NUL bytes and malformed percent-encoding in the path (400). `..` segments need no rule:
 * the URL parser has already resolved them.
 *
 * Text Postgres cannot store (a NUL, a lone surrogate) is refused here too, for every route,
 * with a 422 naming its field (decision 106): in the query as the request arrives, in a JSON
 * body or form as a handler parses it. A handler that takes a body it cannot parse for no
 * body (`.catch(() => null)`) answers as it would, and the refusal replaces that answer.
 */
export const requestSanity = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.url.length > MAX_URL_LENGTH) throw new HTTPException(414, { message: 'URI Too Long' })
  const rawPath = new URL(c.req.url).pathname
  let decoded: string
  try {
    decoded = decodeURIComponent(rawPath)
  } catch {
    throw new HTTPException(400, { message: 'Bad Request' })
  }
  if (decoded.includes('\0')) throw new HTTPException(400, { message: 'Bad Request' })
  const field = unstorableField(byName(Object.entries(c.req.queries())))
  if (field !== undefined) throw unstorableText(field)
  const refusal = judgeBodies(c.req)
  await next()
  const refused = refusal()
  if (refused && c.error !== refused) throw refused
})
