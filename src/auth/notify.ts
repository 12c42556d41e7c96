// The mails the account flows send. They leave after the answer (waitUntil): the answer
// must not take longer when an account exists than when it does not (security.md,
// enumeration), and a slow provider must not hold a visitor's sign-in. A failed send is
// logged; the visitor can ask for the code again.
import type { Context } from 'hono'
import { CODE_MINUTES, type Purpose } from '../db/challenges.ts'
import type { UserPayload } from '../db/users.ts'
import { afterAnswer } from '../http/after-answer.ts'
import { sendMail } from '../mail/send.ts'
import { siteOrigin } from '../mail/site-url.ts'
import { accountDeletedMail, codeMail, emailChangedMail, passwordChangedMail, signUpAttemptMail } from '../mail/templates.ts'
import type { RenderedMail } from '../mail/content.ts'
import type { AppEnv } from '../types.ts'

function deliver(c: Context<AppEnv>, to: string, mail: RenderedMail): void {
  afterAnswer(c, 'mail_error', sendMail(c, { to, ...mail }))
}

/**
 * A code, in the language the visitor is using now. `origin` is siteOrigin(c), which the
 * caller asks for before it writes anything, so a deployment without SITE_URL fails whole.
 */
export function sendCodeMail(c: Context<AppEnv>, step: { purpose: Purpose; email: string; code: string; origin: string }): void {
  deliver(c, step.email, codeMail({ lang: c.var.lang, origin: step.origin, purpose: step.purpose, code: step.code, expiresInMinutes: CODE_MINUTES }))
}

/** Someone tried to sign up with an address that already has an account: tell its owner. */
export function sendAccountExistsMail(c: Context<AppEnv>, user: UserPayload): void {
  deliver(c, user.email, signUpAttemptMail({ lang: user.lang, origin: siteOrigin(c) }))
}

export function sendPasswordChangedMail(c: Context<AppEnv>, user: UserPayload): void {
  deliver(c, user.email, passwordChangedMail({ lang: user.lang, origin: siteOrigin(c) }))
}

/** To the address the account had before a change of email. */
export function sendEmailChangedMail(c: Context<AppEnv>, previous: { email: string; lang: UserPayload['lang'] }): void {
  deliver(c, previous.email, emailChangedMail({ lang: previous.lang, origin: siteOrigin(c) }))
}

/** To the address of an account that was just deleted. */
export function sendAccountDeletedMail(c: Context<AppEnv>, user: UserPayload): void {
  deliver(c, user.email, accountDeletedMail({ lang: user.lang, origin: siteOrigin(c) }))
}
