import { Trans } from '@lingui/react/macro'
import type { InputHTMLAttributes } from 'react'
import OtpInput from '../islands/otp-input.tsx'
import type { FieldKind, FieldSpec } from './field-spec.ts'

type InputAttributes = InputHTMLAttributes<HTMLInputElement>

// Lengths are the API's limits (src/validation/fields.ts); the server stays the judge.
// Addresses, numbers and codes read left to right in both languages.
const LATIN_TEXT: InputAttributes = { dir: 'ltr', autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false }

const INPUTS: Record<Exclude<FieldKind, 'code' | 'choice' | 'confirm'>, InputAttributes> = {
  name: { type: 'text', autoComplete: 'name', maxLength: 100 },
  email: { ...LATIN_TEXT, type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 },
  identifier: { ...LATIN_TEXT, type: 'text', autoComplete: 'username', maxLength: 254 },
  password: { type: 'password', autoComplete: 'current-password', maxLength: 1024 },
  'new-password': { type: 'password', autoComplete: 'new-password', minLength: 8, maxLength: 128 },
  mobile: { ...LATIN_TEXT, type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 40 },
}

/** Without JavaScript the code is one plain field the browser can fill from the mail (spec §5 boxes come with the island). */
function codeInput(length: number | undefined): InputAttributes {
  return { ...LATIN_TEXT, type: 'text', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: length, className: 'code-input' }
}

export const fieldId = (name: string) => `auth-${name}`

interface FieldProps {
  spec: FieldSpec
  error: string | undefined
  /** The island is running: the code shows as boxes. */
  enhanced: boolean
  onCodeComplete: () => void
}

/** A label, the control, its hint and its error, tied together for screen readers. */
export function Field({ spec, error, enhanced, onCodeComplete }: FieldProps) {
  const id = spec.id ?? fieldId(spec.name)
  const hintId = spec.hint ? `hint-${id}` : undefined
  const errorId = error ? `error-${id}` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  const hint = spec.hint ? (
    <p id={hintId} className="field-hint">
      {spec.hint}
    </p>
  ) : null
  const message = error ? (
    <p id={errorId} className="field-error">
      {error}
    </p>
  ) : null
  if (spec.kind === 'code' && enhanced) {
    return (
      <div className="form-field">
        <OtpInput name={spec.name} label={spec.label} length={spec.length} invalid={Boolean(error)} describedBy={describedBy} onComplete={onCodeComplete} />
        {hint}
        {message}
      </div>
    )
  }
  const described = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy }
  if (spec.kind === 'choice') {
    return (
      <div className="form-field">
        <label htmlFor={id}>{spec.label}</label>
        <select id={id} name={spec.name} defaultValue={spec.value} {...described}>
          {spec.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {hint}
        {message}
      </div>
    )
  }
  if (spec.kind === 'confirm') {
    return (
      <div className="form-field form-check">
        <input id={id} name={spec.name} type="checkbox" value="yes" required {...described} />
        <label htmlFor={id}>{spec.label}</label>
        {hint}
        {message}
      </div>
    )
  }
  const attributes = spec.kind === 'code' ? codeInput(spec.length) : INPUTS[spec.kind]
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {spec.label}
        {spec.optional ? (
          <span className="field-optional">
            {' '}
            <Trans>(optional)</Trans>
          </span>
        ) : null}
      </label>
      <input
        id={id}
        name={spec.name}
        {...attributes}
        defaultValue={spec.value}
        required={!spec.optional}
        {...described}
      />
      {hint}
      {message}
    </div>
  )
}
