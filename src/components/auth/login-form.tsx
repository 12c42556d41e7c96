import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { href, withQuery } from '../../../lib/links.ts'
import type { FormFailure } from '../../http/form-answers.ts'
import type { CaptchaProps } from '../../captcha/captcha-field.tsx'
import { usePageRequest } from '../../request-context.tsx'
import { AuthForm } from './auth-form.tsx'

export interface LoginValues {
  identifier: string
  next: string
}

interface LoginFormProps {
  values: LoginValues
  failure?: FormFailure
  captcha: CaptchaProps
  /** The social sign-in island, when Supabase Auth is configured. */
  socialSignIn?: ReactNode
}

/**
 * Sign-in with a password, or with a code by email (login-2 without a password). Both
 * buttons submit the one form; Enter in a field means the first, the password.
 */
export function LoginForm({ values, failure, captcha, socialSignIn }: LoginFormProps) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const next: Record<string, string> = values.next ? { next: values.next } : {}
  return (
    <>
      <AuthForm
        action={href(lang, 'login')}
        failure={failure}
        captcha={captcha}
        hidden={next}
        fields={[
          { name: 'identifier', kind: 'identifier', label: t`Email or mobile number`, value: values.identifier },
          { name: 'password', kind: 'password', label: t`Password` },
        ]}
      >
        <button className="button" type="submit" name="intent" value="password">
          <Trans>Sign in</Trans>
        </button>
        <button className="button button-quiet" type="submit" name="intent" value="code">
          <Trans>Email me a sign-in code instead</Trans>
        </button>
      </AuthForm>
      {socialSignIn ? <div className="auth-social">{socialSignIn}</div> : null}
      <ul className="auth-links">
        <li>
          <a href={href(lang, 'restPassword')}>
            <Trans>Forgot your password?</Trans>
          </a>
        </li>
        <li>
          <Trans>
            New to Hadaf? <a href={withQuery(href(lang, 'signUp'), next)}>Create an account</a>
          </Trans>
        </li>
      </ul>
    </>
  )
}
