import { describe, expect, it } from 'vitest'
import type { Purpose } from '../../src/db/challenges.ts'
import { codeMail, contactMail, passwordChangedMail, signUpAttemptMail } from '../../src/mail/templates.ts'

const ORIGIN = 'https://hadaf.example'
const PURPOSES: Purpose[] = ['verify_email', 'sign_in', 'reset_password', 'change_email']

/** The HTML's visible text, roughly: tags dropped, entities left as they are. */
function visibleText(html: string): string {
  return html.replace(/<[^>]+>/g, ' ')
}

describe('the one-time-code mail', () => {
  it.each(PURPOSES)('shows the %s code in the text and, left to right, in the HTML', (purpose) => {
    const mail = codeMail({ lang: 'ar', origin: ORIGIN, purpose, code: '048213', expiresInMinutes: 10 })
    expect(mail.text).toContain('\n    048213\n')
    expect(mail.html).toContain('<bdi dir="ltr">048213</bdi>')
  })

  it('has its own subject for each purpose, in each language', () => {
    for (const lang of ['ar', 'en'] as const) {
      const subjects = PURPOSES.map((purpose) => codeMail({ lang, origin: ORIGIN, purpose, code: '1', expiresInMinutes: 10 }).subject)
      expect(new Set(subjects).size).toBe(PURPOSES.length)
    }
  })

  it.each([
    {
      lang: 'en',
      subject: 'Your Hadaf sign-in code',
      root: '<html lang="en" dir="ltr">',
      expiry: 'The code works once and expires in 10 minutes.',
      ignore: 'If you did not ask for it, you can ignore this email',
      signature: 'Hadaf · https://hadaf.example',
    },
    {
      lang: 'ar',
      subject: 'رمز الدخول إلى هدف',
      root: '<html lang="ar" dir="rtl">',
      expiry: 'يصلح الرمز لمرة واحدة وتنتهي صلاحيته بعد 10 دقائق.',
      ignore: 'إن لم تطلبه، فتجاهل هذه الرسالة',
      signature: 'هدف · https://hadaf.example',
    },
  ] as const)('speaks to a reader of $lang in their language and direction', ({ lang, subject, root, expiry, ignore, signature }) => {
    const mail = codeMail({ lang, origin: ORIGIN, purpose: 'sign_in', code: '123456', expiresInMinutes: 10 })
    expect(mail.subject).toBe(subject)
    expect(mail.html.startsWith(`<!doctype html>${root}`)).toBe(true)
    expect(mail.html).toContain(`<div lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`)
    expect(mail.html).toContain(`<title>${subject}</title>`)
    for (const sentence of [expiry, ignore]) {
      expect(mail.text).toContain(sentence)
      expect(mail.html).toContain(sentence)
    }
    expect(mail.text).toContain(signature)
    expect(mail.html).toContain('<a href="https://hadaf.example"')
  })

  it('counts the minutes in the grammar of each language', () => {
    const en = codeMail({ lang: 'en', origin: ORIGIN, purpose: 'sign_in', code: '1', expiresInMinutes: 1 })
    expect(en.text).toContain('expires in 1 minute.')
    const ar = codeMail({ lang: 'ar', origin: ORIGIN, purpose: 'sign_in', code: '1', expiresInMinutes: 15 })
    expect(ar.text).toContain('بعد 15 دقيقة.')
  })
})

describe('the mail about a sign-up with an existing address', () => {
  it.each([
    ['en', 'Someone tried to sign up to Hadaf with your email address'],
    ['ar', 'حاول أحدهم إنشاء حساب في هدف ببريدك الإلكتروني'],
  ] as const)('links %s readers to signing in and to resetting the password', (lang, subject) => {
    const mail = signUpAttemptMail({ lang, origin: ORIGIN })
    expect(mail.subject).toBe(subject)
    for (const path of [`/${lang}/login`, `/${lang}/rest-password`]) {
      expect(mail.text).toContain(`${ORIGIN}${path}`)
      expect(mail.html).toContain(`href="${ORIGIN}${path}"`)
    }
  })
})

describe('the password-changed notice', () => {
  it.each([
    ['en', 'Your Hadaf password was changed'],
    ['ar', 'تغيّرت كلمة مرورك في هدف'],
  ] as const)('tells %s readers and offers a reset', (lang, subject) => {
    const mail = passwordChangedMail({ lang, origin: ORIGIN })
    expect(mail.subject).toBe(subject)
    expect(mail.text).toContain(`${ORIGIN}/${lang}/rest-password`)
    expect(mail.html).toContain(`href="${ORIGIN}/${lang}/rest-password"`)
  })
})

describe('the contact message for the team', () => {
  const hostile = {
    name: '<script>alert(1)</script>',
    email: 'a&b@example.test',
    subject: '"><img src=x onerror=alert(1)>',
    message: 'First line <b>bold</b>\nSecond line',
    lang: 'en' as const,
  }

  it('is in Arabic, notes the message language, and quotes the message line for line', () => {
    const mail = contactMail({ origin: ORIGIN, message: { ...hostile, name: 'Salem', subject: 'A correction' } })
    expect(mail.subject).toBe('نموذج التواصل: A correction')
    expect(mail.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/)
    expect(mail.text).toContain('الاسم: Salem')
    expect(mail.text).toContain('لغة الرسالة: الإنجليزية')
    expect(mail.text).toContain('> First line <b>bold</b>\n> Second line')
    expect(mail.html).toContain('<blockquote lang="en" dir="auto"')
    expect(mail.html).toContain('<bdi dir="ltr">a&amp;b@example.test</bdi>')
  })

  it('escapes whatever the visitor typed', () => {
    const mail = contactMail({ origin: ORIGIN, message: hostile })
    expect(mail.html).not.toContain('<script')
    expect(mail.html).not.toContain('<img')
    expect(mail.html).not.toContain('<b>')
    expect(mail.html).toContain('<bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>')
    expect(visibleText(mail.html)).toContain('First line &lt;b&gt;bold&lt;/b&gt;')
    expect(mail.html).toContain('<title>نموذج التواصل: &quot;&gt;&lt;img src=x onerror=alert(1)&gt;</title>')
    // The text form is plain text: nothing to escape, and nothing escaped twice.
    expect(mail.text).toContain('<script>alert(1)</script>')
  })
})
