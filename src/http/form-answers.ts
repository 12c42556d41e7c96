// What a form's route answers a browser: the sign-in and profile pages', and the desk's.
// Without JavaScript: a 303 with a toast, or the page again with the form's errors. The
// islands post the same forms asking for JSON (`accept: application/json`) and get the same
// outcome as { status, message, errors?, redirect? }. No answer carries a token: it travels only in Set-Cookie (security.md).
import { msg } from '@lingui/core/macro'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { formatCountdown } from '../../lib/countdown.ts'
import type { FormAnswerBody } from '../../lib/form-answer.ts'
import { LOCALE_CONFIG } from '../../lib/locales.ts'
import { type Flash, redirectWithToast, setFlash } from '../flash.ts'
import { readForm } from './forms.ts'
import type { AppEnv } from '../types.ts'
import { issueText } from '../validation/fields.ts'
import type { ApiAnswer } from './api-client.ts'

/** Why a form was not accepted, worded in the page's language. */
export interface FormFailure {
  status: ContentfulStatusCode
  message: string
  /** One message per form field. */
  errors: Record<string, string>
  /** Seconds to wait, for a 429 or 503. */
  retryAfter?: number
}


export function wantsJson(c: Context<AppEnv>): boolean {
  return (c.req.header('accept') ?? '').includes('application/json')
}

/** Done: on to `to`, where `flash` shows as a toast. `message` is what the island may show meanwhile. */
export function succeed(c: Context<AppEnv>, to: string, flash: Flash, message: string): Response {
  if (!wantsJson(c)) return redirectWithToast(c, to, flash, 303)
  setFlash(c, flash)
  return c.json({ status: 200, message, redirect: to } satisfies FormAnswerBody, 200)
}

/** Not done: the page again with the failure, or its JSON. */
export function fail(c: Context<AppEnv>, failure: FormFailure, render: (failure: FormFailure) => Promise<Response>): Promise<Response> | Response {
  if (failure.retryAfter) c.header('Retry-After', String(failure.retryAfter))
  if (!wantsJson(c)) return render(failure)
  const body: FormAnswerBody = { status: failure.status, message: failure.message }
  if (Object.keys(failure.errors).length > 0) body.errors = failure.errors
  if (failure.retryAfter) body.retryAfter = failure.retryAfter
  return c.json(body, failure.status)
}

/** Not done, and the step is over: back to `to` with an error toast, as a redirect or as JSON. */
export function restart(c: Context<AppEnv>, to: string, flash: Flash, failure: FormFailure): Response {
  if (!wantsJson(c)) return redirectWithToast(c, to, flash, 303)
  setFlash(c, flash)
  return c.json({ status: failure.status, message: failure.message, redirect: to } satisfies FormAnswerBody, failure.status)
}

const CORRECT_FIELDS = msg`Please correct the fields marked below.`

/** The form's own checks failed: 422 with one message per field. */
export function invalidForm(c: Context<AppEnv>, errors: Record<string, string>): FormFailure {
  return { status: 422, message: c.var.i18n._(CORRECT_FIELDS), errors }
}

/**
 * The API said no. Its message is shown as it comes (spec §8: "server message shown"), with
 * the wait added past a limit; its field errors are renamed to the form's fields.
 */
export function apiFailure(c: Context<AppEnv>, answer: ApiAnswer<unknown>, fieldOf: Record<string, string> = {}): FormFailure {
  const { i18n, lang } = c.var
  const errors: Record<string, string> = {}
  for (const [field, text] of Object.entries(answer.body.errors ?? {})) {
    if (typeof text === 'string') errors[fieldOf[field] ?? field] ??= text
  }
  let message = answer.body.message
  if (answer.status === 429 && answer.retryAfter) {
    const wait = formatCountdown(answer.retryAfter, LOCALE_CONFIG[lang].intl)
    message = `${message} ${i18n._(msg`You can try again in ${wait}.`)}`
  }
  const status = (answer.status >= 400 && answer.status <= 599 ? answer.status : 502) as ContentfulStatusCode
  return { status, message, errors, retryAfter: answer.status === 429 || answer.status === 503 ? answer.retryAfter : undefined }
}

/**
 * A posted form as text fields: each of `names` is its string, or '' when absent. A file
 * or anything else where text belongs is an error on that field, not a 500. Null when the
 * body cannot be read at all (a broken multipart body).
 */
export async function readTextFields<N extends string>(
  c: Context<AppEnv>,
  names: readonly N[],
): Promise<{ form: Record<string, unknown>; values: Record<N, string>; errors: Partial<Record<N, string>> } | null> {
  const form = await readForm(c)
  if (!form) return null
  const values = {} as Record<N, string>
  const errors: Partial<Record<N, string>> = {}
  for (const name of names) {
    const value = form[name] ?? ''
    if (typeof value === 'string') values[name] = value
    else {
      values[name] = ''
      errors[name] = issueText(c.var.i18n, 'notText')
    }
  }
  return { form, values, errors }
}

/** The body did not parse as a form. */
export function unreadableForm(c: Context<AppEnv>): FormFailure {
  return { status: 400, message: c.var.i18n._(msg`We could not read the form. Please try again.`), errors: {} }
}
