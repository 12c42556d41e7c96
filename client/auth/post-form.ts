// Posting a sign-in form from an island: the same request the browser would make without
// JavaScript, asking for JSON instead of a page (src/auth/form-answers.ts).
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { CAPTCHA_FIELD } from '../../lib/captcha.ts'
import type { FormAnswerBody } from '../../src/auth/form-answers.ts'

export type FormAnswer = FormAnswerBody

const NO_ANSWER = msg`We could not reach Hadaf. Please check your connection and try again.`

/**
 * The server's answer. When none came back that we can read (offline, a proxy's error
 * page), a status of 0 and a message that says so.
 */
export async function postForm(form: HTMLFormElement, submitter: HTMLElement | null, i18n: I18n): Promise<FormAnswer> {
  try {
    const res = await fetch(form.action, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new FormData(form, submitter),
    })
    const body = (await res.json()) as FormAnswer
    if (typeof body.message === 'string') return body
  } catch {
    // Offline, or not JSON: answered below.
  }
  return { status: 0, message: i18n._(NO_ANSWER) }
}

type ResettableWidget = HTMLElement & { reset?: () => void }

/**
 * A captcha answer works once (src/captcha/verify.ts), so after a refused submission the
 * widget must solve again: ALTCHA goes back to unverified and solves on the next submit;
 * a provider's token field is emptied so a fresh token is fetched.
 */
export function resetCaptcha(form: HTMLFormElement): void {
  form.querySelector<ResettableWidget>('altcha-widget')?.reset?.()
  for (const field of form.querySelectorAll<HTMLInputElement>(`input[type="hidden"][name="${CAPTCHA_FIELD}"]`)) field.value = ''
}

/** Marks the form busy while a submission is on its way, so it is not sent twice. */
export function setBusy(form: HTMLFormElement, busy: boolean): void {
  form.setAttribute('aria-busy', String(busy))
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) button.disabled = busy
}

/** After a refusal, the first field in error takes the focus, so the fix starts there. */
export function focusFirstInvalid(root: HTMLElement): void {
  root.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}
