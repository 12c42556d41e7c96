// The rules of the one-time-code input (spec §5), kept free of React and the DOM so they
// can be unit-tested: how many boxes, which characters a box takes, what a paste does and
// where each editing key moves the focus. The boxes always run left to right (the group is
// `dir="ltr"` even on Arabic pages), so ArrowLeft is always the previous box.

/** Spec §5 and §9: the component's default number of boxes. */
export const OTP_INPUT_DEFAULT_LENGTH = 4

/** Digits only (the default), or word characters in letter-numeric mode (spec §5). */
export type OtpMode = 'numeric' | 'alphanumeric'

/** The DOM event the island dispatches on its group when every box is filled. */
export const OTP_COMPLETE_EVENT = 'otp-complete'
export type OtpCompleteDetail = { code: string }

// `\w` is the regular-expression word character the spec names: A–Z, a–z, 0–9 and "_".
const PATTERN: Record<OtpMode, RegExp> = { numeric: /^[0-9]$/, alphanumeric: /^\w$/ }

/**
 * Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic (U+06F0–06F9) digits become Latin
 * digits, so a code typed on an Arabic keyboard is accepted and posted as the server sent it
 * (the site prints Latin digits, decision 014). Any other character is returned unchanged.
 */
export function normalizeChar(char: string): string {
  const code = char.length === 1 ? char.charCodeAt(0) : -1
  if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660)
  if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0)
  return char
}

/** Whether `char` (exactly one character) may go into a box in this mode. */
export function acceptsChar(char: string, mode: OtpMode = 'numeric'): boolean {
  return PATTERN[mode].test(normalizeChar(char))
}

/** A usable box count: a positive whole number, else the default. */
export function otpLength(length: number | undefined): number {
  return length !== undefined && Number.isInteger(length) && length > 0 ? length : OTP_INPUT_DEFAULT_LENGTH
}

/**
 * The id of the group's label, from the field name. Not React's useId: an island renders
 * inside the page on the server but as its own root in the browser, so useId would differ.
 */
export function otpLabelId(name: string): string {
  return `${name}-otp-label`
}

/** `length` empty boxes. */
export function emptyValues(length: number): string[] {
  return Array.from({ length }, () => '')
}

/**
 * A paste (or an autofill that brings the whole code at once). It must consist only of
 * accepted characters, else it is ignored (null); an empty paste is ignored too. A valid
 * paste fills the boxes from the first one, one character per box; characters beyond
 * `length` are dropped and boxes beyond the paste are left empty. The result always has
 * `length` entries, ready to replace the boxes' values.
 */
export function sanitizePaste(text: string, length: number, mode: OtpMode = 'numeric'): string[] | null {
  const chars = Array.from(text)
  if (chars.length === 0 || !chars.every((char) => acceptsChar(char, mode))) return null
  const values = emptyValues(length)
  chars.slice(0, length).forEach((char, i) => (values[i] = normalizeChar(char)))
  return values
}

/**
 * Where the focus goes after `key` in box `index` of `length` boxes, or null when the key
 * is left to the browser (Tab keeps the normal tab order; any other key is not a move).
 * Backspace and ArrowLeft go to the previous box, ArrowRight to the next, Home and End to
 * the first and last; Delete stays. The focus never leaves the boxes.
 */
export function nextFocus(index: number, key: string, length: number): number | null {
  const last = Math.max(length - 1, 0)
  const clamp = (i: number) => Math.min(Math.max(i, 0), last)
  switch (key) {
    case 'Backspace':
    case 'ArrowLeft':
      return clamp(index - 1)
    case 'ArrowRight':
      return clamp(index + 1)
    case 'Home':
      return 0
    case 'End':
      return last
    case 'Delete':
      return clamp(index)
    default:
      return null
  }
}

export type OtpEdit = { values: string[]; focus: number }

/**
 * What an editing key does to the boxes, or null when it is not ours (Tab, Enter, letters).
 * Backspace clears and moves back: it clears the current box if it holds a character, else
 * the previous one, and focuses the previous box. Delete clears the current box and stays.
 * Arrows, Home and End only move.
 */
export function applyKey(values: readonly string[], index: number, key: string): OtpEdit | null {
  const focus = nextFocus(index, key, values.length)
  if (focus === null) return null
  const next = [...values]
  if (key === 'Backspace') next[values[index] ? index : focus] = ''
  else if (key === 'Delete') next[index] = ''
  return { values: next, focus }
}

/**
 * Text arriving in box `index`. One accepted character fills that box and moves on to the
 * next (the last box keeps the focus); several characters are an autofill or paste and go
 * through `sanitizePaste`; an empty value clears the box. Rejected input is null.
 */
export function applyInput(values: readonly string[], index: number, text: string, mode: OtpMode = 'numeric'): OtpEdit | null {
  const chars = Array.from(text)
  if (chars.length === 0) {
    const next = [...values]
    next[index] = ''
    return { values: next, focus: index }
  }
  if (chars.length > 1) {
    const pasted = sanitizePaste(text, values.length, mode)
    return pasted && { values: pasted, focus: focusAfterFill(pasted) }
  }
  if (!acceptsChar(text, mode)) return null
  const next = [...values]
  next[index] = normalizeChar(text)
  return { values: next, focus: Math.min(index + 1, values.length - 1) }
}

/** After a paste: the first empty box, or the last box when all are filled. */
export function focusAfterFill(values: readonly string[]): number {
  const empty = values.indexOf('')
  return empty === -1 ? values.length - 1 : empty
}

/** Every box holds one character. */
export function isComplete(values: readonly string[]): boolean {
  return values.length > 0 && values.every((value) => Array.from(value).length === 1)
}

/** The code the boxes spell, left to right. */
export function joinCode(values: readonly string[]): string {
  return values.join('')
}
