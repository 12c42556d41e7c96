// The shell every sign-in form shares. It works without JavaScript: a plain POST that the
// server answers with a redirect or with this form again, its errors in place. The
// auth-form island renders the fields and, once it runs, posts the same form with fetch.
import type { ReactNode } from 'react'
import type { FieldSpec } from '../../../client/auth/field-spec.ts'
import type { FormFailure } from '../../http/form-answers.ts'
import { Captcha, type CaptchaProps } from '../../captcha/captcha-field.tsx'
import { type HydrateStrategy, Island } from '../island.tsx'

interface AuthFormProps {
  action: string
  fields: FieldSpec[]
  failure?: FormFailure
  /** Sign-up, login-2 and forgot-password are protected (security.md, Captcha). */
  captcha?: CaptchaProps
  /** Carried along unchanged, such as where to go after signing in. */
  hidden?: Record<string, string>
  /** 'load' where the fields must change at once (the code boxes); else on first interaction. */
  hydrate?: HydrateStrategy
  /** The id of the heading that names the form: the page's title unless the page has several forms. */
  labelledBy?: string
  /** The submit buttons. */
  children: ReactNode
}

export function AuthForm({ action, fields, failure, captcha, hidden = {}, hydrate = 'interaction', labelledBy = 'auth-title', children }: AuthFormProps) {
  const withErrors = fields.map((spec) => {
    const error = failure?.errors[spec.name]
    return error ? { ...spec, error } : spec
  })
  return (
    // noValidate: the server's bilingual messages are the only validation readers see.
    <form className="auth-form" method="post" action={action} noValidate aria-labelledby={labelledBy}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Island name="auth-form" props={{ fields: withErrors, alert: failure?.message }} hydrate={hydrate} />
      {captcha ? <Captcha {...captcha} error={failure?.errors.captcha} /> : null}
      <div className="auth-actions">{children}</div>
    </form>
  )
}
