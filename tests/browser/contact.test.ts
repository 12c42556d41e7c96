// The contact form as readers send it: with JavaScript the invisible ALTCHA widget solves
// its challenge when the form is submitted; without it, the reader answers a question.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, openPage, withBrowser } from './browser.ts'

withBrowser()

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
  it.each(['ar', 'en'] as const)('sends a message in %s, the captcha solving itself when the form is submitted', async (lang) => {
    const { page } = await openPage({ width: 390, height: 844 })
    const challenges: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/captcha/challenge') challenges.push(request.url())
    })
    await page.goto(`/${lang}/contact-us`)
    await page.waitForFunction(() => customElements.get('altcha-widget') !== undefined)
    // Nothing to tick: the widget takes no room and no challenge is fetched before a submission.
    expect(await page.locator('altcha-widget').isVisible()).toBe(false)
    expect(challenges).toEqual([])
    await page.screenshot({ path: `test-results/contact-${lang}-390.png`, fullPage: true })
    await expectAccessible(page)
    await fillIn(page, lang)
    const posted = formPost(page)
    await page.getByRole('button', { name: COPY[lang].send }).click()
    const captcha = new URLSearchParams((await posted).postData() ?? '').get('captcha') ?? ''
    const { solution } = JSON.parse(atob(captcha)) as { solution: { counter: number; time: number } }
    // The figure docs/decisions/ quotes for a desktop core.
    console.info(`ALTCHA solved in ${solution.time} ms (counter ${solution.counter})`)
    expect(challenges).toHaveLength(1)
    await page.locator('[data-sonner-toast]', { hasText: COPY[lang].sent }).waitFor({ state: 'visible' })
    expect(new URL(page.url()).pathname).toBe(`/${lang}/contact-us`)
  })

  it('lays the form out the same way on a wide screen in both directions', async () => {
    const { page } = await openPage({ width: 1280, height: 900 })
    for (const lang of ['ar', 'en'] as const) {
      await page.goto(`/${lang}/contact-us`)
      await page.waitForFunction(() => customElements.get('altcha-widget') !== undefined)
      await page.screenshot({ path: `test-results/contact-${lang}-1280.png`, fullPage: true })
    }
  })
})

describe('the contact form without JavaScript', () => {
  /** The question's label ("… what is 3 + 4?") and its answer. */
  async function question(page: Page) {
    const field = page.getByRole('textbox', { name: /\d \+ \d/ })
    const [, a, b] = /(\d) \+ (\d)/.exec((await page.locator('label[for="captcha-answer"]').textContent()) ?? '') ?? []
    return { field, answer: String(Number(a) + Number(b)) }
  }

  it.each(['ar', 'en'] as const)('asks a question in %s instead, and sends the message once it is answered', async (lang) => {
    const { page, errors } = await openPage({ width: 390, height: 844 }, undefined, { javaScriptEnabled: false })
    await page.goto(`/${lang}/contact-us`)
    await page.screenshot({ path: `test-results/contact-${lang}-390-nojs.png`, fullPage: true })
    await fillIn(page, lang)
    const first = await question(page)
    await first.field.fill(String(Number(first.answer) + 1))
    await page.getByRole('button', { name: COPY[lang].send }).click()
    // A wrong answer: the form comes back (422, which Chromium logs) with what was typed and a new question.
    await page.waitForLoadState()
    expect(errors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)'])
    expect(await page.getByLabel(COPY[lang].subject, { exact: true }).inputValue()).toBe(lang === 'ar' ? 'تصحيح' : 'A correction')
    const second = await question(page)
    expect(await second.field.getAttribute('aria-invalid')).toBe('true')
    await second.field.fill(second.answer)
    const sent = page.waitForResponse((response) => response.request().method() === 'POST')
    await page.getByRole('button', { name: COPY[lang].send }).click()
    expect((await sent).status()).toBe(303)
    await page.waitForURL(`**/${lang}/contact-us`)
  })
})
