// Posting a sign-in form from an island: the same request the browser would make without
// JavaScript, asking for JSON instead of a page (src/http/form-answers.ts).
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { CAPTCHA_FIELD } from '../../lib/captcha.ts'
import type { FormAnswerBody } from '../../lib/form-answer.ts'

export type FormAnswer = FormAnswerBody

const NO_ANSWER = msg`We could not reach Hadaf. Please check your connection and try again.`

/**
 * The server's answer to `body` posted to `action`. When none came back that we can read
 * (offline, a proxy's error page), a status of 0 and a message that says so.
 */
export async function postForm(action: string, body: FormData, i18n: I18n): Promise<FormAnswer> {
  try {
    const res = await fetch(action, { method: 'POST', headers: { accept: 'application/json' }, body })
    // A page rather than JSON after a redirect: a guard sent us on (a visitor already signed
    // in, in another tab), with its toast waiting there.
    if (res.redirected) return { status: res.status, message: '', redirect: res.url }
    const answer = (await res.json()) as FormAnswer
    if (typeof answer.message === 'string') return answer
  } catch {
    // Offline, or not JSON: answered below.
  }
  return { status: 0, message: i18n._(NO_ANSWER) }
}

/**
 * Opens `to`. When it is this page with a fragment (`/ar/profile#email` from
 * `/ar/profile`), assigning it only scrolls, so the page is loaded again there.
 */
export function goTo(to: string): void {
  const target = new URL(to, window.location.href)
  const samePage = target.pathname === window.location.pathname && target.search === window.location.search
  window.location.assign(target)
  if (samePage && target.hash) window.location.reload()
}

/**
 * Posts the form (with the button that submitted it) and, when the server says where to go
 * next, goes there: the form stays busy until that page opens, where the toast waits.
 * Otherwise the form is free again and the refusal comes back.
 */
export async function submitForm(form: HTMLFormElement, submitter: HTMLElement | null, i18n: I18n): Promise<FormAnswer | undefined> {
  const body = new FormData(form, submitter)
  setBusy(form, true)
  const answer = await postForm(form.action, body, i18n)
  if (answer.redirect) {
    goTo(answer.redirect)
    return undefined
  }
  setBusy(form, false)
  return answer
}

const ALTCHA_ELEMENT = 'altcha-widget'

type ResettableWidget = HTMLElement & { reset?: () => void }

/**
 * A captcha answer works once (src/captcha/verify.ts), so after a refused submission the
 * widget must solve again: ALTCHA goes back to unverified and solves on the next submit;
 * a provider's token field is emptied so a fresh token is fetched.
 */
export function resetCaptcha(form: HTMLFormElement): void {
  form.querySelector<ResettableWidget>(ALTCHA_ELEMENT)?.reset?.()
  for (const field of form.querySelectorAll<HTMLInputElement>(`input[type="hidden"][name="${CAPTCHA_FIELD}"]`)) field.value = ''
}

/**
 * Marks the form busy while a submission is on its way, so it is not sent twice. Read the
 * form's data first: a disabled button is left out of it, the one clicked included.
 */
export function setBusy(form: HTMLFormElement, busy: boolean): void {
  form.setAttribute('aria-busy', String(busy))
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) button.disabled = busy
}

/** After a refusal, the first field in error takes the focus, so the fix starts there. */
export function focusFirstInvalid(root: HTMLElement): void {
  root.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}

/**
 * A full code submits the form (spec §5's complete event), unless another field still
 * waits to be filled, like the new password of a reset: then the focus goes there.
 */
export function submitOrNextField(form: HTMLFormElement): void {
  const empty = [...form.querySelectorAll<HTMLInputElement>('input[required]')].find((input) => input.value === '')
  if (empty) empty.focus()
  else form.requestSubmit()
}

/**
 * The captcha island wakes when the browser is idle (src/captcha/captcha-field.tsx), and a
 * submission made before then (a password manager that fills and submits at once) would go
 * without its answer. Null when the widget is ready (or the form has none); else a promise
 * that resolves once it is, and can hold the submission itself.
 */
export function captchaLoading(form: HTMLFormElement): Promise<void> | null {
  if (!form.querySelector(ALTCHA_ELEMENT) || customElements.get(ALTCHA_ELEMENT)) return null
  return customElements
    .whenDefined(ALTCHA_ELEMENT)
    // The widget starts listening to its form once it has rendered.
    .then(() => new Promise((resolve) => requestAnimationFrame(() => resolve())))
}
