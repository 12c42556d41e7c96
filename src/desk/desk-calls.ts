// How the desk's screens reach the desk API (docs/desk-api.md): in-process, with the session
// of the `token` cookie as the bearer, so a screen and a script calling the API take the same
// code path: the same role checks, validation, sanitising and audit entries. A screen reads
// what a call answers, and a form answers as the account forms do (src/http/form-answers.ts):
// a 303 with a toast, or the page again with the API's field errors.
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import type { HonoBase } from 'hono/hono-base'
import { HTTPException } from 'hono/http-exception'
import type * as v from 'valibot'
import { href, withQuery } from '../../lib/links.ts'
import { type ApiAnswer, type ApiCall, callInProcess, UNAVAILABLE_RETRY_AFTER } from '../http/api-client.ts'
import { apiFailure, fail, type FormFailure, restart, succeed } from '../http/form-answers.ts'
import type { Flash } from '../flash.ts'
import { ApiError } from '../http/envelope.ts'
import { clearSessionCookie, readSessionCookie } from '../http/cookies.ts'
import type { AppEnv } from '../types.ts'

/** One desk call, `path` under /api/v1/desk (`posts/42/publish`). */
export function callDeskApi<T = unknown>(c: Context<AppEnv>, method: ApiCall['method'], path: string, body?: unknown): Promise<ApiAnswer<T>> {
  return callInProcess<T>(c, { method, path: `desk/${path}`, bearer: readSessionCookie(c), body }, DESK_UNAVAILABLE)
}

/** The JSON answers a route's handlers give, of every method: Hono's schema of the route. */
type AnswersOf<Route> =
  Route extends HonoBase<AppEnv, infer Schema, '/', string>
    ? Schema[keyof Schema][keyof Schema[keyof Schema]] extends infer Endpoint
      ? Endpoint extends { outputFormat: 'json'; output: infer Output }
        ? Output
        : never
      : never
    : never

/**
 * What a desk API read answers as `data`, as its handler passes it to `ok(c, …, data)`, after
 * JSON: `Route` is what registering the read returned (`const postRead = deskPosts.get(…)`).
 * A reader (`readDeskPost` in src/api/desk/posts.ts) takes its type from here, so the
 * compiler, not the reader's author, says what a screen receives; given anything but a
 * route, it is `unknown`, which no screen can use unchecked.
 */
export type ReadOf<Route> = [AnswersOf<Route>] extends [never] ? unknown : NonNullable<Extract<AnswersOf<Route>, { data?: unknown }>['data']>

/**
 * A read's query as the API's schema for it takes it (`ListQuery` of src/api/desk/posts.ts),
 * where a number may stand for its digits: withQuery writes it out.
 */
export type QueryOf<Schema extends v.GenericSchema> = {
  [K in keyof v.InferInput<Schema>]: v.InferInput<Schema>[K] | (string extends v.InferInput<Schema>[K] ? number : never)
}

const NOT_ALLOWED = msg`Your account is not allowed to see this page.`
const DESK_UNAVAILABLE = msg`The desk cannot answer right now. Please try again in a minute.`

/**
 * What a read answered, for a screen: an unknown id is the 404 page, a refusal the 403 page.
 * Screens call it through the typed readers each src/api/desk module exports beside its route.
 */
async function deskRead<T>(c: Context<AppEnv>, path: string): Promise<T> {
  const answer = await callDeskApi<T>(c, 'GET', path)
  if (answer.status === 200 && answer.body.data !== undefined) return answer.body.data
  if (answer.status === 404) throw new HTTPException(404)
  if (answer.status === 401 || answer.status === 403) throw new ApiError(403, NOT_ALLOWED)
  throw new ApiError(503, DESK_UNAVAILABLE, { retryAfter: UNAVAILABLE_RETRY_AFTER })
}

/**
 * A screen's reader of one desk API read: `route` is what registering the read returned
 * (`deskPosts.get(…)`), passed only for its type, and `path` says where the read is under
 * /desk. A screen that calls the reader gets what the handler answers, or the 404 or 403 page.
 */
export function deskReader<Route, Args extends unknown[]>(_route: Route, path: (...args: Args) => string) {
  return (c: Context<AppEnv>, ...args: Args) => deskRead<ReadOf<Route>>(c, path(...args))
}

/** A reader whose screen shows the API's refusals itself: it gets the whole answer. */
export function deskAnswerReader<Route, Args extends unknown[]>(_route: Route, path: (...args: Args) => string) {
  return (c: Context<AppEnv>, ...args: Args) => callDeskApi<ReadOf<Route>>(c, 'GET', path(...args))
}

export interface DeskOutcome {
  /** Where a done form goes, with `flash` as its toast. */
  to: string
  flash: Flash
  /** The screen again with the refusal. */
  show: (failure: FormFailure) => Promise<Response>
}

/**
 * What a desk form answers after its call: done → `to`; a session that ended meanwhile →
 * the login page, which brings the editor back; any refusal → the screen with its message
 * and field errors (`fieldOf` renames the API's fields to the form's).
 */
export function deskAnswer(
  c: Context<AppEnv>,
  answer: ApiAnswer<unknown>,
  outcome: DeskOutcome,
  fieldOf: Record<string, string> = {},
): Promise<Response> | Response {
  if (answer.status === 200 || answer.status === 201) return succeed(c, outcome.to, outcome.flash, answer.body.message)
  if (answer.status === 401) {
    clearSessionCookie(c)
    const login = withQuery(href(c.var.lang, 'login'), { next: outcome.to })
    return restart(c, login, { type: 'warning', key: 'sessionEnded' }, apiFailure(c, answer))
  }
  return fail(c, apiFailure(c, answer, fieldOf), outcome.show)
}
