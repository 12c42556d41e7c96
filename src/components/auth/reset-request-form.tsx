import { Trans, useLingui } from '@lingui/react/macro'
import { href } from '../../../lib/links.ts'
import type { FormFailure } from '../../http/form-answers.ts'
import type { CaptchaProps } from '../../captcha/captcha-field.tsx'
import { usePageRequest } from '../../request-context.tsx'
import { AuthForm } from './auth-form.tsx'

/** The first step of a reset: the address a code goes to (forgot-password). */
export function ResetRequestForm({ email, failure, captcha }: { email: string; failure?: FormFailure; captcha: CaptchaProps }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  return (
    <>
      <p className="auth-intro">
        <Trans>Enter the email address of your account, and we will send it a code to choose a new password.</Trans>
      </p>
      <AuthForm action={href(lang, 'restPassword')} failure={failure} captcha={captcha} fields={[{ name: 'email', kind: 'email', label: t`Email`, value: email }]}>
        <button className="button" type="submit">
          <Trans>Send me a code</Trans>
        </button>
      </AuthForm>
      <ul className="auth-links">
        <li>
          <a href={href(lang, 'login')}>
            <Trans>Back to sign in</Trans>
          </a>
        </li>
      </ul>
    </>
  )
}
