// The most common passwords (security.md, ASVS 6.2.4: "the top few thousand"): the first
// 10,000 of zxcvbn-ts's frequency-ordered list, which is drawn from real breaches. The Set
// is built on first use, so requests that never judge a password never pay for it.
import { dictionary } from '@zxcvbn-ts/language-common'

const TOP = 10_000

let common: Set<string> | undefined

/** Whether the password, compared case-insensitively, is one of the most common. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, TOP))
  return common.has(password.toLowerCase())
}
