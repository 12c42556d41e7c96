import { Trans, useLingui } from '@lingui/react/macro'
import type { FieldSpec } from '../../../client/auth/field-spec.ts'
import { href } from '../../../lib/links.ts'
import type { FormFailure } from '../../http/form-answers.ts'
import type { PendingStep } from '../../auth/pending-step.ts'
import { CODE_MINUTES } from '../../db/challenges.ts'
import { usePageRequest } from '../../request-context.tsx'
import { PASSWORD_MIN } from '../../validation/fields.ts'
import { Island } from '../island.tsx'
import { AuthForm } from './auth-form.tsx'

interface CodeFormProps {
  step: PendingStep
  /** Seconds until a new code may be asked for. */
  wait: number
  failure?: FormFailure
}

/**
 * The code step (the spec's `isOtpSent`): the code from the mail, and for a reset the new
 * password with it. Below it, a separate form asks for a new code.
 */
export function CodeForm({ step, wait, failure }: CodeFormProps) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const reset = step.flow === 'reset'
  const digits = step.length
  const fields: FieldSpec[] = [{ name: 'code', kind: 'code', label: t`The ${digits}-digit code from the email`, length: digits }]
  if (reset) fields.push({ name: 'password', kind: 'new-password', label: t`New password`, hint: t`At least ${PASSWORD_MIN} characters.` })
  const email = step.email
  return (
    <>
      <p className="auth-intro">
        {reset && email ? (
          <Trans>
            If an account uses <bdi dir="ltr">{email}</bdi>, we have sent it a code. It works for {CODE_MINUTES} minutes.
          </Trans>
        ) : email ? (
          <Trans>
            We have sent a code to <bdi dir="ltr">{email}</bdi>. It works for {CODE_MINUTES} minutes.
          </Trans>
        ) : (
          <Trans>We have sent a code to the email address of your account. It works for {CODE_MINUTES} minutes.</Trans>
        )}
      </p>
      <AuthForm action={href(lang, reset ? 'resetCode' : 'loginCode')} failure={failure} fields={fields} hydrate="load">
        <button className="button" type="submit">
          {reset ? <Trans>Change password</Trans> : <Trans>Confirm</Trans>}
        </button>
      </AuthForm>
      <Island name="auth-resend" props={{ action: href(lang, reset ? 'resetCodeResend' : 'loginCodeResend'), wait }} hydrate="idle" />
      <ul className="auth-links">
        <li>
          <a href={href(lang, reset ? 'restPassword' : 'login')}>
            <Trans>Use another address</Trans>
          </a>
        </li>
      </ul>
    </>
  )
}
