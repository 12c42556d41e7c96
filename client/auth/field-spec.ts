// The fields of the sign-in forms, as the server describes them to the form island: what
// each asks for, its label, what was typed (never a password) and what was wrong with it.

/** Each kind brings its input type, autocomplete, keyboard and direction (./field.tsx). */
export type FieldKind = 'name' | 'email' | 'identifier' | 'password' | 'new-password' | 'mobile' | 'code'

export interface FieldSpec {
  name: string
  kind: FieldKind
  /** Worded in the page's language by the server. */
  label: string
  hint?: string
  value?: string
  error?: string
  optional?: boolean
  /** Characters in a one-time code (the API's otp_length). */
  length?: number
}
