// What a URL names: its route params and query, checked by a schema before the handler runs
// (the handler reads `c.req.valid('param' | 'query')`), and the row they name, or a 404.
import { vValidator } from '@hono/valibot-validator'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import type { AppEnv } from '../types.ts'

/** Largest id that Postgres bigint and a JavaScript number both hold exactly. */
const MAX_ID = Number.MAX_SAFE_INTEGER

/** A row id from a URL segment: digits only, no leading zero, in range; else null (404). */
export function parseId(raw: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(raw)) return null
  const id = Number(raw)
  return id <= MAX_ID ? id : null
}

/** A URL segment or query value that is a row id. */
export const RowId = v.pipe(v.string(), v.transform(parseId), v.number())

/** A list's page number in a query (`?page=2`): 1 to 999999. */
export const PAGE_NUMBER = /^[1-9]\d{0,5}$/

/** A `?page=`-like parameter: 1 to 999999, the first when absent. */
export const PageNumber = v.optional(v.pipe(v.string(), v.regex(PAGE_NUMBER), v.transform(Number)), '1')

/** The route's `:id`, as a row id. */
export const IdParams = v.object({ id: RowId })

/** A URL segment that is an account's or a session's id. */
export const Uuid = v.pipe(v.string(), v.uuid())

type UrlTarget = 'param' | 'query'

/** A key given twice in a query (`?page=2&page=1`) counts once, as its first value. */
const firstValues = (input: unknown) =>
  Object.fromEntries(Object.entries(input as Record<string, unknown>).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]))

/**
 * `target` checked by `schema`, for `c.req.valid(target)`. A URL that does not pass names
 * nothing: `refuse` answers it (a page's 404, or the API's 404 envelope, thrown).
 */
export function urlInput<T extends UrlTarget, S extends v.GenericSchema>(
  target: T,
  schema: S,
  refuse: (c: Context<AppEnv>) => Response | Promise<Response> = (c) => c.notFound(),
) {
  return vValidator(target, v.pipe(v.unknown(), v.transform(firstValues), schema), (result, c: Context<AppEnv>) =>
    result.success ? undefined : refuse(c),
  )
}

/** What a page's loader found, or the not-found page (the error handler renders it). */
export function found<T>(row: T | null | undefined): T {
  if (row === null || row === undefined) throw new HTTPException(404)
  return row
}
