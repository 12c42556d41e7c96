import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { href, withQuery } from '../../../lib/links.ts'
import type { FormFailure } from '../../http/form-answers.ts'
import type { CaptchaProps } from '../../captcha/captcha-field.tsx'
import { usePageRequest } from '../../request-context.tsx'
import { PASSWORD_MIN } from '../../validation/fields.ts'
import { AuthForm } from './auth-form.tsx'

export interface SignUpValues {
  name: string
  email: string
  mobile: string
  next: string
}

interface SignUpFormProps {
  values: SignUpValues
  failure?: FormFailure
  captcha: CaptchaProps
  /** The social sign-in island, when Supabase Auth is configured: a first sign-in makes the account. */
  socialSignIn?: ReactNode
}

/** Name, email, password and an optional mobile; a code to the address comes next. */
export function SignUpForm({ values, failure, captcha, socialSignIn }: SignUpFormProps) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const next: Record<string, string> = values.next ? { next: values.next } : {}
  return (
    <>
      <AuthForm
        action={href(lang, 'signUp')}
        failure={failure}
        captcha={captcha}
        hidden={next}
        fields={[
          { name: 'name', kind: 'name', label: t`Name`, value: values.name },
          { name: 'email', kind: 'email', label: t`Email`, value: values.email, hint: t`We will send a code to this address to confirm it.` },
          { name: 'password', kind: 'new-password', label: t`Password`, hint: t`At least ${PASSWORD_MIN} characters.` },
          {
            name: 'mobile',
            kind: 'mobile',
            label: t`Mobile number`,
            value: values.mobile,
            optional: true,
            hint: t`With the country code, such as +966 50 123 4567.`,
          },
        ]}
      >
        <button className="button" type="submit">
          <Trans>Create account</Trans>
        </button>
      </AuthForm>
      {socialSignIn ? <div className="auth-social">{socialSignIn}</div> : null}
      <ul className="auth-links">
        <li>
          <Trans>
            Already have an account? <a href={withQuery(href(lang, 'login'), next)}>Sign in</a>
          </Trans>
        </li>
      </ul>
    </>
  )
}
