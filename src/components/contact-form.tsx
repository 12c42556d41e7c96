import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { href } from '../../lib/links.ts'
import { Captcha, type CaptchaProps } from '../captcha/captcha-field.tsx'
import { usePageRequest } from '../request-context.tsx'

/** The form's fields and their lengths: the contact_messages checks (the migration). */
export const CONTACT_FIELDS = {
  name: { max: 100 },
  email: { max: 254 },
  subject: { max: 150 },
  message: { min: 10, max: 5000 },
} as const

export type ContactField = keyof typeof CONTACT_FIELDS
export type ContactValues = Record<ContactField, string>
/** Each field's error, and the captcha's, already worded in the page's language. */
export type ContactErrors = Partial<Record<ContactField | 'captcha', string>>

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', subject: '', message: '' }

interface FieldProps {
  field: ContactField
  label: ReactNode
  value: string
  error: string | undefined
  input: (attributes: FieldAttributes) => ReactNode
}

type FieldAttributes = {
  id: string
  name: ContactField
  defaultValue: string
  required: true
  maxLength: number
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** A label, the control, and its error right below it, tied to the control for screen readers. */
function Field({ field, label, value, error, input }: FieldProps) {
  const id = `contact-${field}`
  const errorId = `error-${id}`
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {input({
        id,
        name: field,
        defaultValue: value,
        required: true,
        maxLength: CONTACT_FIELDS[field].max,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * Works without JavaScript: a plain POST to the page itself. The server's bilingual
 * messages are the only validation readers see (noValidate keeps the browser's own
 * bubbles, in the browser's language, out of the way); `required` and `maxLength` stay
 * for assistive technology and typing limits.
 */
export function ContactForm({ values = EMPTY_CONTACT, errors = {}, captcha }: { values?: ContactValues; errors?: ContactErrors; captcha: CaptchaProps }) {
  const { lang } = usePageRequest()
  const { t } = useLingui()
  const hasErrors = Object.keys(errors).length > 0
  return (
    <form className="contact-form" method="post" action={href(lang, 'contact')} noValidate aria-label={t`Contact form`}>
      {hasErrors ? (
        <p className="form-errors" role="alert">
          <Trans>Please correct the fields marked below.</Trans>
        </p>
      ) : null}
      <Field
        field="name"
        label={<Trans>Name</Trans>}
        value={values.name}
        error={errors.name}
        input={(attributes) => <input type="text" autoComplete="name" {...attributes} />}
      />
      <Field
        field="email"
        label={<Trans>Email</Trans>}
        value={values.email}
        error={errors.email}
        // Addresses read left to right in both languages.
        input={(attributes) => <input type="email" autoComplete="email" inputMode="email" dir="ltr" {...attributes} />}
      />
      <Field
        field="subject"
        label={<Trans>Subject</Trans>}
        value={values.subject}
        error={errors.subject}
        input={(attributes) => <input type="text" {...attributes} />}
      />
      <Field
        field="message"
        label={<Trans>Message</Trans>}
        value={values.message}
        error={errors.message}
        input={(attributes) => <textarea rows={8} minLength={CONTACT_FIELDS.message.min} {...attributes} />}
      />
      <Captcha {...captcha} error={errors.captcha} />
      <button className="button" type="submit">
        <Trans>Send message</Trans>
      </button>
    </form>
  )
}
