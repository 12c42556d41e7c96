// The contact form as readers send it: with JavaScript the invisible ALTCHA widget solves
// its challenge when the form is submitted; without it, the reader answers a question.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { captchaReady, expectAccessible, it, shoot, spamQuestion, toasts } from './fixtures.ts'

const COPY = {
  ar: {
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    subject: 'الموضوع',
    message: 'الرسالة',
    send: 'إرسال الرسالة',
    sent: 'شكرًا لك: وصلت رسالتك إلى فريق هدف.',
  },
  en: {
    name: 'Name',
    email: 'Email',
    subject: 'Subject',
    message: 'Message',
    send: 'Send message',
    sent: 'Thank you: your message has reached the Hadaf team.',
  },
} as const

type Lang = keyof typeof COPY

async function fillIn(page: Page, lang: Lang) {
  const copy = COPY[lang]
  await page.getByLabel(copy.name, { exact: true }).fill(lang === 'ar' ? 'سالم' : 'Salem')
  await page.getByLabel(copy.email, { exact: true }).fill('salem@example.test')
  await page.getByLabel(copy.subject, { exact: true }).fill(lang === 'ar' ? 'تصحيح' : 'A correction')
  await page.getByLabel(copy.message, { exact: true }).fill(lang === 'ar' ? 'في الخبر خطأ في النتيجة.' : 'The score in the report is wrong.')
}

/** The form's POST, once the browser sends it. */
const formPost = (page: Page) => page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/contact-us'))

describe('the contact form with JavaScript', () => {
  it.for(['ar', 'en'] as const)('sends a message in %s, the captcha solving itself when the form is submitted', async (lang, { openPage }) => {
    const { page } = await openPage({ viewport: { width: 390, height: 844 } })
    const challenges: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/captcha/challenge') challenges.push(request.url())
    })
    await page.goto(`/${lang}/contact-us`)
    await captchaReady(page)
    // Nothing to tick: the widget takes no room (it has no role to find it by: the element
    // itself is what is checked) and no challenge is fetched before a submission.
    expect(await page.locator('altcha-widget').isVisible()).toBe(false)
    expect(challenges).toEqual([])
    await shoot(page, `contact-${lang}`)
    await expectAccessible(page)
    await fillIn(page, lang)
    const posted = formPost(page)
    await page.getByRole('button', { name: COPY[lang].send }).click()
    const captcha = new URLSearchParams((await posted).postData() ?? '').get('captcha') ?? ''
    const { solution } = JSON.parse(atob(captcha)) as { solution: { counter: number; time: number } }
    // The figure docs/decisions/ quotes for a desktop core.
    console.info(`ALTCHA solved in ${solution.time} ms (counter ${solution.counter})`)
    expect(challenges).toHaveLength(1)
    await toasts(page).filter({ hasText: COPY[lang].sent }).waitFor({ state: 'visible' })
    expect(new URL(page.url()).pathname).toBe(`/${lang}/contact-us`)
  })

  it('lays the form out the same way on a wide screen in both directions', async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 1280, height: 900 } })
    for (const lang of ['ar', 'en'] as const) {
      await page.goto(`/${lang}/contact-us`)
      await captchaReady(page)
      await shoot(page, `contact-${lang}`)
    }
  })
})

describe('the contact form without JavaScript', () => {
  it.for(['ar', 'en'] as const)('asks a question in %s instead, and sends the message once it is answered', async (lang, { openPage }) => {
    const { page, errors } = await openPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })
    await page.goto(`/${lang}/contact-us`)
    await shoot(page, `contact-${lang}-nojs`)
    await fillIn(page, lang)
    const first = await spamQuestion(page)
    await first.field.fill(String(Number(first.answer) + 1))
    await page.getByRole('button', { name: COPY[lang].send }).click()
    // A wrong answer: the form comes back (422, which Chromium logs) with what was typed and a new question.
    await page.waitForLoadState()
    expect(errors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)'])
    expect(await page.getByLabel(COPY[lang].subject, { exact: true }).inputValue()).toBe(lang === 'ar' ? 'تصحيح' : 'A correction')
    const second = await spamQuestion(page)
    expect(await second.field.getAttribute('aria-invalid')).toBe('true')
    await second.field.fill(second.answer)
    const sent = page.waitForResponse((response) => response.request().method() === 'POST')
    await page.getByRole('button', { name: COPY[lang].send }).click()
    expect((await sent).status()).toBe(303)
    await page.waitForURL(`**/${lang}/contact-us`)
  })
})
