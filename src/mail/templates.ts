// What the site writes to people, one function per mail, each in the recipient's language.
// Mails to account owners carry no text a stranger typed (the name given at a sign-up
// attempt, say), so they cannot be turned into phishing; only the contact message, which
// goes to the team, quotes a visitor.
import { msg, plural } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { href } from '../../lib/links.ts'
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales.ts'
import type { Purpose } from '../db/challenges.ts'
import type { ContactMessage } from '../db/pages.ts'
import { createI18n } from '../i18n/server.ts'
import type { Block, RenderedMail } from './content.ts'
import { renderMail } from './render.ts'

interface Recipient {
  lang: Locale
  /** The site's address, scheme and host: siteOrigin(c) (SITE_URL). */
  origin: string
}

const CODE_WORDING: Record<Purpose, { subject: MessageDescriptor; heading: MessageDescriptor; intro: MessageDescriptor }> = {
  verify_email: {
    subject: msg`Confirm your email address for Hadaf`,
    heading: msg`Confirm your email address`,
    intro: msg`Enter this code to finish creating your Hadaf account:`,
  },
  sign_in: {
    subject: msg`Your Hadaf sign-in code`,
    heading: msg`Sign in to Hadaf`,
    intro: msg`Enter this code to sign in:`,
  },
  reset_password: {
    subject: msg`Reset your Hadaf password`,
    heading: msg`Reset your password`,
    intro: msg`Enter this code to choose a new password:`,
  },
  change_email: {
    subject: msg`Confirm your new email address for Hadaf`,
    heading: msg`Confirm your new email address`,
    intro: msg`Enter this code to make this the email address of your Hadaf account:`,
  },
}

/** A one-time code; for change_email it goes to the new address. */
export function codeMail({ lang, origin, purpose, code, expiresInMinutes: minutes }: Recipient & { purpose: Purpose; code: string; expiresInMinutes: number }): RenderedMail {
  const i18n = createI18n(lang)
  const wording = CODE_WORDING[purpose]
  return renderMail({
    lang,
    origin,
    subject: i18n._(wording.subject),
    heading: i18n._(wording.heading),
    blocks: [
      { kind: 'paragraph', text: i18n._(wording.intro) },
      { kind: 'code', code },
      { kind: 'paragraph', text: i18n._(msg`The code works once and expires in ${plural(minutes, { one: '# minute', other: '# minutes' })}.`) },
      { kind: 'paragraph', text: i18n._(msg`If you did not ask for it, you can ignore this email: nothing changes without the code.`) },
    ],
  })
}

/** To the owner of an address someone tried to sign up with (security.md: no enumeration). */
export function signUpAttemptMail({ lang, origin }: Recipient): RenderedMail {
  const i18n = createI18n(lang)
  return renderMail({
    lang,
    origin,
    subject: i18n._(msg`Someone tried to sign up to Hadaf with your email address`),
    heading: i18n._(msg`You already have a Hadaf account`),
    blocks: [
      { kind: 'paragraph', text: i18n._(msg`Someone tried to create a Hadaf account with this email address. It already has an account, so nothing was created or changed.`) },
      { kind: 'paragraph', text: i18n._(msg`If it was you, sign in instead, or reset your password if you have forgotten it:`) },
      {
        kind: 'links',
        links: [
          { label: i18n._(msg`Sign in`), url: origin + href(lang, 'login') },
          { label: i18n._(msg`Reset your password`), url: origin + href(lang, 'restPassword') },
        ],
      },
      { kind: 'paragraph', text: i18n._(msg`If it was not you, you can ignore this email: no one can use your account without your password or a code sent to you.`) },
    ],
  })
}

/** After the password changed, by the owner's hand or through a reset. */
export function passwordChangedMail({ lang, origin }: Recipient): RenderedMail {
  const i18n = createI18n(lang)
  return renderMail({
    lang,
    origin,
    subject: i18n._(msg`Your Hadaf password was changed`),
    heading: i18n._(msg`Your password was changed`),
    blocks: [
      { kind: 'paragraph', text: i18n._(msg`The password of your Hadaf account has just been changed. If it was you, there is nothing more to do.`) },
      { kind: 'paragraph', text: i18n._(msg`If it was not you, reset your password now:`) },
      { kind: 'links', links: [{ label: i18n._(msg`Reset your password`), url: origin + href(lang, 'restPassword') }] },
    ],
  })
}

/** The close of a notice about a change the owner may not have made: where to turn. */
function ifItWasNotYou(i18n: I18n, lang: Locale, origin: string): Block[] {
  return [
    { kind: 'paragraph', text: i18n._(msg`If it was not you, write to us through the contact page at once:`) },
    { kind: 'links', links: [{ label: i18n._(msg`Contact Hadaf`), url: origin + href(lang, 'contact') }] },
  ]
}

/**
 * To the old address after the account's email changed (ASVS 6.3.7: users are told when an
 * authentication detail changes). The new address is not quoted: whoever changed it typed it.
 */
export function emailChangedMail({ lang, origin }: Recipient): RenderedMail {
  const i18n = createI18n(lang)
  return renderMail({
    lang,
    origin,
    subject: i18n._(msg`The email address of your Hadaf account was changed`),
    heading: i18n._(msg`Your email address was changed`),
    blocks: [
      { kind: 'paragraph', text: i18n._(msg`Your Hadaf account no longer uses this email address: another one was confirmed with a code. If it was you, there is nothing more to do.`) },
      ...ifItWasNotYou(i18n, lang, origin),
    ],
  })
}

/** After the account was deleted: a record for its owner, and an alarm if it was not them. */
export function accountDeletedMail({ lang, origin }: Recipient): RenderedMail {
  const i18n = createI18n(lang)
  return renderMail({
    lang,
    origin,
    subject: i18n._(msg`Your Hadaf account was deleted`),
    heading: i18n._(msg`Your account was deleted`),
    blocks: [
      { kind: 'paragraph', text: i18n._(msg`Your Hadaf account, its photo and its signed-in devices have been deleted, as asked. Thank you for reading Hadaf.`) },
      ...ifItWasNotYou(i18n, lang, origin),
    ],
  })
}

const LANGUAGE_NAMES: Record<Locale, MessageDescriptor> = { ar: msg`Arabic`, en: msg`English` }

/**
 * A contact-form message, forwarded to the site's address. The team reads the site's
 * default language (Arabic), and the message's own language is noted beside it.
 */
export function contactMail({ origin, message }: { origin: string; message: ContactMessage }): RenderedMail {
  const lang = DEFAULT_LOCALE
  const i18n = createI18n(lang)
  const subject = message.subject
  return renderMail({
    lang,
    origin,
    subject: i18n._(msg`Contact form: ${subject}`),
    heading: i18n._(msg`A new message from the contact form`),
    blocks: [
      {
        kind: 'details',
        details: [
          { label: i18n._(msg`Name`), value: message.name },
          { label: i18n._(msg`Email`), value: message.email, ltr: true },
          { label: i18n._(msg`Subject`), value: message.subject },
          { label: i18n._(msg`Language of the message`), value: i18n._(LANGUAGE_NAMES[message.lang]) },
        ],
      },
      { kind: 'quote', text: message.message, lang: message.lang },
      { kind: 'paragraph', text: i18n._(msg`Reply to this email to answer the sender.`) },
    ],
  })
}

/**
 * The desk's answer to a contact message, in the sender's language: the editor's words, then
 * the sender's own message quoted, so the reply makes sense on its own.
 */
export function contactReplyMail({ origin, message, reply }: { origin: string; message: ContactMessage; reply: string }): RenderedMail {
  const { lang } = message
  const i18n = createI18n(lang)
  const subject = message.subject
  return renderMail({
    lang,
    origin,
    subject: i18n._(msg`Re: ${subject}`),
    heading: i18n._(msg`A reply from the Hadaf team`),
    blocks: [
      ...reply.split(/\n{2,}/).map((text): Block => ({ kind: 'paragraph', text })),
      { kind: 'paragraph', text: i18n._(msg`Your message:`) },
      { kind: 'quote', text: message.message, lang },
    ],
  })
}
