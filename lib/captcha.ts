// What the worker and the browser agree on about the captcha: the forms it protects, the
// fields it posts, and the one `captcha` string the API takes from them (docs/auth-api.md,
// "Captcha-protected calls take captcha").

/**
 * The forms a captcha protects (security.md, Captcha), named as reCAPTCHA actions may be
 * ([A-Za-z/_]). The widget is rendered with the form's action and the server expects it back.
 */
export type CaptchaAction = 'signup' | 'login' | 'forgot_password' | 'contact'

/** The proof of work ALTCHA challenges ask for (src/captcha/altcha.ts; the widget's workers). */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256'

/** Where the widget's value is posted: the ALTCHA payload or the provider's token. */
export const CAPTCHA_FIELD = 'captcha'
/** The no-JavaScript question's signed token (hidden) and the visitor's answer. */
export const QUESTION_TOKEN_FIELD = 'captcha_token'
export const QUESTION_ANSWER_FIELD = 'captcha_answer'

// Neither an ALTCHA payload (base64) nor a Turnstile or reCAPTCHA token starts like this.
const QUESTION_PREFIX = 'question:'

/** The question's token and answer as one `captcha` value (the API's no-JavaScript answer). */
export function questionValue(token: string, answer: string): string {
  return `${QUESTION_PREFIX}${token}:${answer}`
}

/** A `captcha` value that answers the question, split again; undefined for any other value. */
export function parseQuestionValue(value: string): { token: string; answer: string } | undefined {
  if (!value.startsWith(QUESTION_PREFIX)) return undefined
  const rest = value.slice(QUESTION_PREFIX.length)
  const colon = rest.indexOf(':')
  return colon < 0 ? undefined : { token: rest.slice(0, colon), answer: rest.slice(colon + 1) }
}

/**
 * A posted form's captcha as the API's `captcha` string: the widget's value when the
 * browser ran it, else the answer to the question shown without JavaScript.
 */
export function captchaValue(form: Record<string, unknown>): string | undefined {
  const widget = form[CAPTCHA_FIELD]
  if (typeof widget === 'string' && widget !== '') return widget
  const token = form[QUESTION_TOKEN_FIELD]
  const answer = form[QUESTION_ANSWER_FIELD]
  return typeof token === 'string' && typeof answer === 'string' ? questionValue(token, answer) : undefined
}
