// The fields of a sign-in form, and the form's submission once JavaScript runs. The form
// itself, its captcha and its buttons are the server's (src/components/auth/auth-form.tsx)
// and work without this island; with it, the form posts with fetch, errors appear in
// place with a toast, and the one-time code shows as boxes that submit when full.
import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState } from 'react'
import { CAPTCHA_FIELD } from '../../lib/captcha.ts'
import { Field } from '../auth/field.tsx'
import type { FieldSpec } from '../auth/field-spec.ts'
import { captchaLoading, focusFirstInvalid, type FormAnswer, resetCaptcha, submitForm, submitOrNextField } from '../auth/post-form.ts'
import { showToast } from '../show-toast.ts'

export interface AuthFormProps {
  fields: FieldSpec[]
  /** Why the last submission failed, worded by the server; shown above the fields. */
  alert?: string
}

function initialErrors(fields: FieldSpec[]): Record<string, string> {
  return Object.fromEntries(fields.flatMap((spec) => (spec.error ? [[spec.name, spec.error]] : [])))
}

export default function AuthForm({ fields, alert }: AuthFormProps) {
  const { i18n } = useLingui()
  const root = useRef<HTMLDivElement>(null)
  const [enhanced, setEnhanced] = useState(false)
  const [errors, setErrors] = useState(() => initialErrors(fields))
  const [message, setMessage] = useState(alert)
  // Bumped on every refusal, to focus the first field in error.
  const [refusals, setRefusals] = useState(0)
  // Bumped when the code is refused: new boxes, empty for the next try.
  const [codeRound, setCodeRound] = useState(0)

  function refused(form: HTMLFormElement, answer: FormAnswer) {
    const fieldErrors = answer.errors ?? {}
    resetCaptcha(form)
    setErrors(fieldErrors)
    // The captcha is not one of these fields: its complaint goes above them.
    setMessage(fieldErrors[CAPTCHA_FIELD] ?? answer.message)
    setRefusals((n) => n + 1)
    if (fieldErrors.code) setCodeRound((n) => n + 1)
    showToast({ type: 'error', message: answer.message })
  }

  async function send(form: HTMLFormElement, submitter: HTMLElement | null) {
    const answer = await submitForm(form, submitter, i18n)
    if (answer) refused(form, answer)
  }

  const sendRef = useRef(send)
  useEffect(() => {
    sendRef.current = send
  })

  useEffect(() => {
    const form = root.current?.closest('form')
    if (!form) return
    setEnhanced(true)
    const onSubmit = (event: SubmitEvent) => {
      // A captcha still solving holds the submission (it prevents the default) and submits
      // again once it has its answer.
      if (event.defaultPrevented) return
      event.preventDefault()
      const loading = captchaLoading(form)
      if (loading) void loading.then(() => form.requestSubmit(event.submitter))
      else void sendRef.current(form, event.submitter)
    }
    form.addEventListener('submit', onSubmit)
    return () => form.removeEventListener('submit', onSubmit)
  }, [])

  useEffect(() => {
    if (refusals > 0 && root.current) focusFirstInvalid(root.current)
  }, [refusals])

  const codeComplete = () => {
    const form = root.current?.closest('form')
    // The boxes call this before React has written the full code into their hidden field;
    // a task later it is there for the submission to read.
    if (form) setTimeout(() => submitOrNextField(form))
  }
  return (
    <div className="auth-fields" ref={root}>
      {message ? (
        <p className="form-errors" role="alert">
          {message}
        </p>
      ) : null}
      {fields.map((spec) => (
        <Field
          key={spec.kind === 'code' ? `${spec.name}-${codeRound}` : spec.name}
          spec={spec}
          error={errors[spec.name]}
          enhanced={enhanced}
          onCodeComplete={codeComplete}
        />
      ))}
    </div>
  )
}
