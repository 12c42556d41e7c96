// The fields of the sign-in forms, as the server describes them to the form island: what
// each asks for, its label, what was typed (never a password) and what was wrong with it.

/**
 * Each kind brings its input type, autocomplete, keyboard and direction (./field.tsx).
 * `choice` is a list to pick from (`options`); `confirm` a box to tick before a step that
 * cannot be undone.
 */
export type FieldKind = 'name' | 'email' | 'identifier' | 'password' | 'new-password' | 'mobile' | 'code' | 'choice' | 'confirm'

export interface FieldSpec {
  name: string
  kind: FieldKind
  /** The control's id: `auth-{name}` unless a page has two forms with a field of that name. */
  id?: string
  /** Worded in the page's language by the server. */
  label: string
  hint?: string
  value?: string
  error?: string
  optional?: boolean
  /** Characters in a one-time code (the API's otp_length). */
  length?: number
  /** What a `choice` offers, labelled in the page's language. */
  options?: { value: string; label: string }[]
}
