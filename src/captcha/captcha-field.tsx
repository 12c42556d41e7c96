// The captcha a protected form drops in, before its submit button:
//
//   <Captcha {...await captchaProps(c, 'contact')} error={errors.captcha} />
//
// It renders the configured provider's widget as an island and, for visitors without
// JavaScript, a question inside <noscript>. The handler reads both with captchaValue(form)
// and checks the result with verifyCaptcha (src/captcha/verify.ts).
import { Trans } from '@lingui/react/macro'
import type { Context } from 'hono'
import { type CaptchaAction, QUESTION_ANSWER_FIELD, QUESTION_TOKEN_FIELD } from '../../lib/captcha.ts'
import type { CaptchaWidgetProps } from '../../client/islands/captcha.tsx'
import { Island } from '../components/island.tsx'
import type { AppEnv } from '../types.ts'
import { settings } from '../settings.ts'
import { type CaptchaQuestion, issueQuestion } from './question.ts'

/** Where the ALTCHA widget fetches its challenges (src/api/captcha.ts). */
export const ALTCHA_CHALLENGE_URL = '/api/v1/captcha/challenge'

export interface CaptchaProps {
  widget: CaptchaWidgetProps
  question: CaptchaQuestion
  /** Why the last submission's captcha was refused, already worded. */
  error?: string
}

/** The props of a form's <Captcha />: the configured widget and a freshly signed question. */
export async function captchaProps(c: Context<AppEnv>, action: CaptchaAction): Promise<CaptchaProps> {
  const captcha = settings(c.env).captcha
  const question = await issueQuestion(captcha.hmacKey)
  const widget: CaptchaWidgetProps =
    captcha.provider === 'altcha'
      ? { provider: 'altcha', challengeUrl: ALTCHA_CHALLENGE_URL }
      : { provider: captcha.provider, siteKey: captcha.siteKey, action, lang: c.var.lang }
  return { widget, question }
}

const ANSWER_ID = 'captcha-answer'
const ERROR_ID = 'error-captcha'

export function Captcha({ widget, question, error }: CaptchaProps) {
  // The sum reads left to right in Arabic too, as the site prints numbers (decision 014).
  const sum = `${question.a} + ${question.b}`
  return (
    <div className="captcha">
      {/* On the first touch of its form: the widget works the proof out when the form is sent. */}
      <Island name="captcha" props={widget} hydrate="interaction" />
      <noscript>
        <div className="form-field">
          <label htmlFor={ANSWER_ID}>
            <Trans>
              Spam check: what is <bdi dir="ltr">{sum}</bdi>?
            </Trans>
          </label>
          <input
            id={ANSWER_ID}
            className="captcha-answer"
            name={QUESTION_ANSWER_FIELD}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ERROR_ID : undefined}
          />
          <input type="hidden" name={QUESTION_TOKEN_FIELD} defaultValue={question.token} />
        </div>
      </noscript>
      {error ? (
        <p id={ERROR_ID} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
