// The one way to validate what a visitor types, for forms and the JSON API alike: valibot
// schemas whose issues are keys, worded afterwards in the request's language. Keys carry
// their figure ("tooLong:100"), so a message can say the limit without a lookup table.
import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import * as v from 'valibot'
import { COUNTRY_CODES } from '../../lib/countries.ts'
import { normalizeChar } from '../../lib/otp.ts'

export type IssueKey =
  | 'notText'
  | 'required'
  | `tooLong:${number}`
  | `tooShort:${number}`
  | 'email'
  | 'invalid'
  | 'mobile'
  | 'passwordCommon'
  | 'code'
  | 'choice'
  | `wholeNumber:${number}:${number}`
  | `tooMany:${number}`
  | 'list'
  | 'markup'
  | 'country'
  | 'url'
  | 'seasonLabel'
  | 'instant'
  | 'timeZone'
  | 'repeated'
  | 'criterion'
  | 'points'
  | 'zones'
  | 'season'

// Control characters have no place in one-line fields (and Postgres refuses NUL).
const CONTROL = /\p{Cc}/u

/** Trimmed one-line text that is present and at most `max` characters (UTF-16, as maxlength counts). */
export function requiredText(max: number) {
  return v.pipe(
    v.string('notText' satisfies IssueKey),
    v.trim(),
    v.nonEmpty('required' satisfies IssueKey),
    v.maxLength(max, `tooLong:${max}` satisfies IssueKey),
    v.check((s) => !CONTROL.test(s), 'invalid' satisfies IssueKey),
  )
}

// Angle brackets open markup; no channel's or person's name has one (decision 121).
const MARKUP = /[<>]/

/**
 * A name or short text kept and shown as it is typed (a channel's name, a commentator's): one
 * line, as requiredText, and without `<` or `>`, so what looks like HTML is refused rather than
 * stored to be shown as code (decision 121).
 */
export function plainText(max: number) {
  return v.pipe(requiredText(max), v.check((s) => !MARKUP.test(s), 'markup' satisfies IssueKey))
}

// A message keeps its line breaks and tabs, and nothing else of the kind.
const MULTI_LINE_CONTROL = /(?![\t\n])\p{Cc}/u

/**
 * Trimmed text of several lines, `min` to `max` characters. Browsers send a textarea's
 * line breaks as CRLF but count them as one character, so they become LF first; the
 * minimum counts code points, as Postgres's char_length does.
 */
export function multiLineText(max: number, min: number) {
  return v.pipe(
    v.string('notText' satisfies IssueKey),
    v.transform((s) => s.replace(/\r\n?/g, '\n')),
    v.trim(),
    v.nonEmpty('required' satisfies IssueKey),
    v.maxLength(max, `tooLong:${max}` satisfies IssueKey),
    v.check((s) => !MULTI_LINE_CONTROL.test(s), 'invalid' satisfies IssueKey),
    v.check((s) => [...s].length >= min, `tooShort:${min}` satisfies IssueKey),
  )
}

/** 254 characters: the longest address SMTP can carry (RFC 5321 path limit). */
export const EMAIL_MAX = 254

/** An email address, trimmed; compared case-insensitively by the database. */
export const Email = v.pipe(requiredText(EMAIL_MAX), v.email('email' satisfies IssueKey))

/** Display names: what the users table allows. */
export const Name = requiredText(100)

/**
 * Passwords (security.md, ASVS 6.2): at least 8 characters, up to 128 (ASVS asks that 64
 * be allowed), no composition rules, and none of the most common ones. Not trimmed: a
 * space is a character like any other. Counted in code points, as NIST SP 800-63B counts (each code point is one character).
 */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

export function newPassword(isCommon: (password: string) => boolean) {
  return v.pipe(
    v.string('notText' satisfies IssueKey),
    v.nonEmpty('required' satisfies IssueKey),
    v.check((s) => [...s].length >= PASSWORD_MIN, `tooShort:${PASSWORD_MIN}` satisfies IssueKey),
    v.check((s) => [...s].length <= PASSWORD_MAX, `tooLong:${PASSWORD_MAX}` satisfies IssueKey),
    v.check((s) => !s.includes('\0'), 'invalid' satisfies IssueKey),
    v.check((s) => !isCommon(s), 'passwordCommon' satisfies IssueKey),
  )
}

/** A password being checked against a stored hash: only its shape is judged here. */
export const CurrentPassword = v.pipe(
  v.string('notText' satisfies IssueKey),
  v.nonEmpty('required' satisfies IssueKey),
  v.maxLength(1024, 'tooLong:1024' satisfies IssueKey),
)

/**
 * A mobile number in E.164 (+ country code, up to 15 digits). People type spaces, dashes,
 * dots, brackets and Arabic-Indic digits; those are normalised away before the check.
 */
export const Mobile = v.pipe(
  v.string('notText' satisfies IssueKey),
  v.maxLength(40, 'mobile' satisfies IssueKey),
  v.transform(normalizeMobile),
  v.regex(/^\+[1-9][0-9]{6,14}$/, 'mobile' satisfies IssueKey),
)

export function normalizeMobile(raw: string): string {
  const digits = latinDigits(raw).replace(/[\s().-]/g, '')
  return digits.startsWith('00') ? `+${digits.slice(2)}` : digits
}

/** Arabic-Indic digits as Latin ones (the site prints Latin digits, decision 014). */
function latinDigits(text: string): string {
  return Array.from(text, normalizeChar).join('')
}

/** A one-time code of `length` digits; Arabic-Indic digits count as the Latin ones. */
export function OtpCode(length: number) {
  return v.pipe(
    v.string('notText' satisfies IssueKey),
    v.maxLength(64, 'code' satisfies IssueKey),
    v.transform((s) => latinDigits(s.trim())),
    v.check((s) => new RegExp(`^[0-9]{${length}}$`).test(s), 'code' satisfies IssueKey),
  )
}

/** A row's id as the API answers it (digits) or as a JSON number: a whole number from 1. */
export const RowRef = v.pipe(
  v.union([v.string(), v.number()], 'invalid' satisfies IssueKey),
  v.transform(String),
  v.regex(/^[1-9]\d{0,15}$/, 'invalid' satisfies IssueKey),
  v.transform(Number),
  v.maxValue(Number.MAX_SAFE_INTEGER, 'invalid' satisfies IssueKey),
)

/** An https address, as a page links to it. */
export const HttpsUrl = v.pipe(requiredText(500), v.url('url' satisfies IssueKey), v.startsWith('https://', 'url' satisfies IssueKey))

export function choice<const T extends readonly string[]>(options: T) {
  return v.picklist(options, 'choice' satisfies IssueKey)
}

/** A league's season spans two years ("2026/27", the second following the first), a tournament's is one ("2026"). */
export function isSeasonLabel(label: string): boolean {
  const found = /^(\d{4})(?:\/(\d{2}))?$/.exec(label)
  return found !== null && (found[2] === undefined || Number(found[2]) === (Number(found[1]) + 1) % 100)
}

/** A whole number from `min` to `max`: JSON numbers, never strings that look like one. */
export function wholeNumber(min: number, max: number) {
  const key = `wholeNumber:${min}:${max}` satisfies IssueKey
  return v.pipe(v.number(key), v.integer(key), v.minValue(min, key), v.maxValue(max, key))
}

/** What `invalid` says: also the field's message when text cannot be stored (src/middleware/request-sanity.ts). */
export const UNUSUAL_CHARACTERS = msg`Please remove the unusual characters from this field.`

/** An issue key in words, in the request's language. */
export function issueText(i18n: I18n, key: string): string {
  const [kind, figure, upper] = key.split(':')
  const n = Number(figure)
  switch (kind as IssueKey | 'tooLong' | 'tooShort' | 'wholeNumber' | 'tooMany') {
    case 'notText':
      return i18n._(msg`Please type text into this field.`)
    case 'required':
      return i18n._(msg`Please fill in this field.`)
    case 'tooLong':
      return i18n._(msg`Please keep this to ${n} characters or fewer.`)
    case 'tooShort':
      return i18n._(msg`Please write at least ${n} characters.`)
    case 'email':
      return i18n._(msg`Please enter an email address such as name@example.com.`)
    case 'mobile':
      return i18n._(msg`Please enter a mobile number with its country code, such as +966 50 123 4567.`)
    case 'passwordCommon':
      return i18n._(msg`This password is too common. Please choose one that is harder to guess.`)
    case 'code':
      return i18n._(msg`Please enter the code from the email.`)
    case 'choice':
      return i18n._(msg`Please choose one of the options.`)
    case 'tooMany':
      return i18n._(msg`Please send at most ${n}.`)
    case 'list':
      return i18n._(msg`Please send a list.`)
    case 'markup':
      return i18n._(msg`Please remove the < and > signs: this field is plain text.`)
    case 'url':
      return i18n._(msg`Please enter an address that starts with https://.`)
    case 'seasonLabel':
      return i18n._(msg`Please write the season as its years, such as 2026/27, or its year for a tournament, such as 2026.`)
    case 'instant':
      return i18n._(msg`Please enter a date and time with its offset from UTC, such as 2026-12-12T20:00+02:00.`)
    case 'country':
      return i18n._(msg`Please use two-letter country codes (ISO 3166-1), such as EG or SA.`)
    case 'timeZone':
      return i18n._(msg`Please enter a time zone by its IANA name, such as Africa/Cairo.`)
    case 'repeated':
      return i18n._(msg`Please choose each one only once.`)
    case 'criterion':
      return i18n._(msg`Please choose criteria from the list Hadaf computes.`)
    case 'points':
      return i18n._(msg`A win must be worth more than a draw, and a draw at least as much as a loss.`)
    case 'zones':
      return i18n._(msg`Each zone runs from a higher place to a lower one, and zones may not overlap.`)
    case 'season':
      return i18n._(msg`Please write each season once, as 2025/26 or 2026.`)
    case 'wholeNumber': {
      const max = Number(upper)
      return i18n._(msg`Please enter a whole number from ${n} to ${max}.`)
    }
    default:
      return i18n._(UNUSUAL_CHARACTERS)
  }
}

/** The first issue of each field, worded: the `errors` of a 422 answer or a form. */
export function fieldErrors(i18n: I18n, issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const field = issue.path?.map((item) => String(item.key)).join('.') || 'body'
    errors[field] ??= issueText(i18n, issue.message)
  }
  return errors
}

/** A country as ISO 3166-1 alpha-2 writes it, one lib/countries.ts knows; `eg` is Egypt too. */
export const Country = v.pipe(
  v.string('country' satisfies IssueKey),
  v.trim(),
  v.toUpperCase(),
  v.picklist(COUNTRY_CODES, 'country' satisfies IssueKey),
)
