// The auth routes' way to the sign-in API (architecture.md, Accounts): the built-in
// /api/v1 called in-process, or the API at AUTH_API_BASE. Both speak docs/auth-api.md, so
// the routes do not know which one answered.
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import { type ApiAnswer, type ApiCall, callApiAt, callInProcess, UNAVAILABLE_RETRY_AFTER, unavailableAnswer } from '../http/api-client.ts'
import { ApiError } from '../http/envelope.ts'
import { settings } from '../settings.ts'
import type { AppEnv } from '../types.ts'

export function usesExternalApi(env: Env): boolean {
  return settings(env).authApiBase !== null
}

const UNAVAILABLE = msg`The sign-in service is unavailable. Please try again in a minute.`

export function callAuthApi<T = Record<string, unknown>>(c: Context<AppEnv>, call: ApiCall): Promise<ApiAnswer<T>> {
  const base = settings(c.env).authApiBase
  return base ? callApiAt<T>(c, base, call, UNAVAILABLE) : callInProcess<T>(c, call, UNAVAILABLE)
}

/** The sign-in service could not answer, as an answer for a form. */
export function signInUnavailable<T>(c: Context<AppEnv>): ApiAnswer<T> {
  return unavailableAnswer(c, UNAVAILABLE)
}

/** The sign-in service could not answer, as the error a page or the JSON API throws. */
export function signInUnavailableError(): ApiError {
  return new ApiError(503, UNAVAILABLE, { retryAfter: UNAVAILABLE_RETRY_AFTER })
}
