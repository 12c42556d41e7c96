import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { captchaHmacKey } from '../../src/captcha/settings.ts'
import type { StoredMail } from '../../src/db/dev-mail.ts'
import { solvedCaptcha } from './captcha-helpers.ts'
import { fetchPage, ORIGIN, sql, uniqueIp } from './helpers.ts'
import { fetchWith, standIn } from './stand-in.ts'

const PROVIDER = 'https://mail-provider.test'

/**
 * Production with Resend configured, its API replaced by the stand-in at PROVIDER, and the
 * tests' captcha key, so that solvedCaptcha() answers there too.
 */
const PRODUCTION = {
  APP_ENV: 'production',
  SITE_URL: 'https://hadaf.example',
  MAIL_PROVIDER: 'resend',
  MAIL_API_KEY: 're_test_key',
  MAIL_API_URL: `${PROVIDER}/emails`,
  ALTCHA_HMAC_KEY: captchaHmacKey(env),
}

function address(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`
}

type OutboxEntry = Omit<StoredMail, 'created_at'> & { created_at: string }

async function outbox(to: string): Promise<OutboxEntry[]> {
  const res = await fetchPage(`/__dev/mail?to=${encodeURIComponent(to)}`)
  expect(res.status).toBe(200)
  return res.json()
}

const MESSAGE = { name: 'سالم', email: 'salem@example.test', subject: 'تصحيح النتيجة', message: 'في الخبر خطأ في النتيجة.\nشكراً' }

/** A contact-form post as a browser sends it, with a solved captcha, each from its own address. */
async function contactPost(fields: Record<string, string> = MESSAGE): Promise<RequestInit> {
  return {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': uniqueIp() },
    body: new URLSearchParams({ ...fields, captcha: await solvedCaptcha() }).toString(),
  }
}

async function storedContactMessages(email: string) {
  return sql()<{ subject: string }[]>`select subject from contact_messages where email = ${email}`
}

/** The lines the worker logged through `method` while `run` ran (kept out of the test output). */
async function logged(method: 'log' | 'error', run: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(console, method).mockImplementation(() => {})
  await run()
  const lines = spy.mock.calls.map((call) => String(call[0]))
  spy.mockRestore()
  return lines
}

describe('the dev outbox', () => {
  it('lists the mail sent to an address, newest first, whatever the case of the address', async () => {
    const to = address('Reader')
    const other = address('other')
    await sql()`
      insert into dev_mail (to_address, subject, text_body, html_body) values
        (${to}, 'first', 'first text', '<p>first</p>'),
        (${other}, 'not yours', 'x', 'x'),
        (${to.toUpperCase()}, 'second', 'second text', '<p>second</p>')`
    const mail = await outbox(to.toLowerCase())
    expect(mail.map((m) => [m.to, m.subject, m.text, m.html])).toEqual([
      [to.toUpperCase(), 'second', 'second text', '<p>second</p>'],
      [to, 'first', 'first text', '<p>first</p>'],
    ])
    expect(Date.parse(mail[0]!.created_at)).not.toBeNaN()
  })

  it('answers an empty list for an address that has no mail', async () => {
    expect(await outbox(address('nobody'))).toEqual([])
  })

  it.each(['/__dev/mail', '/__dev/mail?to=', '/__dev/mail?to=%20%20'])('answers 400 to %s, which names no address', async (path) => {
    const res = await fetchPage(path)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: expect.stringContaining('?to=') })
  })

  it('does not exist outside local development: 404, as for any unknown path', async () => {
    const res = await fetchWith(PRODUCTION, '/__dev/mail?to=x')
    const unknown = await fetchWith(PRODUCTION, '/__dev/nope?to=x')
    expect(res.status).toBe(404)
    expect(unknown.status).toBe(404)
    expect(res.headers.get('content-type')).toBe(unknown.headers.get('content-type'))
    // The page names the path it could not find, and each page has its own script nonce;
    // everything else is the same.
    const withoutPath = (body: string, path: string) =>
      body.replaceAll(path, '').replaceAll(encodeURIComponent(path), '').replace(/nonce="[^"]*"/g, '')
    expect(withoutPath(await res.text(), '/__dev/mail')).toBe(withoutPath(await unknown.text(), '/__dev/nope'))
  })
})

describe('a contact message', () => {
  it('is stored and reaches the site address, in Arabic, with what the visitor typed escaped', async () => {
    const site = address('team')
    const email = address('visitor')
    const fields = { ...MESSAGE, email, name: '<script>alert(1)</script>' }
    const lines = await logged('log', async () => {
      const res = await fetchWith({ SITE_EMAIL: site }, '/en/contact-us', await contactPost(fields))
      expect(res.status).toBe(303)
    })
    expect(await storedContactMessages(email)).toEqual([{ subject: MESSAGE.subject }])
    const [mail, ...rest] = await outbox(site)
    expect(rest).toEqual([])
    expect(mail!.subject).toContain(MESSAGE.subject)
    expect(mail!.text).toContain('<script>alert(1)</script>')
    expect(mail!.text).toContain(`> ${MESSAGE.message.split('\n')[1]}`)
    expect(mail!.text).toContain(email)
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">')
    expect(mail!.html).toContain('<bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>')
    expect(mail!.html).not.toContain('<script')
    // One line says the mail was stored and where to read it, without the body.
    const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.mail === 'dev-outbox')
    expect(line).toEqual({ mail: 'dev-outbox', to: site, subject: mail!.subject, read: `/__dev/mail?to=${encodeURIComponent(site)}` })
  })
})

describe('Resend in production', () => {
  function resendStandIn(status = 200) {
    const provider = new Hono().post('/emails', (c) => c.json(status === 200 ? { id: 'email-1' } : { statusCode: status, message: 'The from address is not verified.' }, status as 200))
    return standIn(PROVIDER, provider)
  }

  it('sends the contact message with the API key, the configured sender and a reply-to', async () => {
    const { requests } = resendStandIn()
    const site = address('team')
    const email = address('visitor')
    const res = await fetchWith({ ...PRODUCTION, SITE_EMAIL: site, MAIL_FROM: 'Hadaf <no-reply@hadaf.example>' }, '/ar/contact-us', await contactPost({ ...MESSAGE, email }))
    expect(res.status).toBe(303)
    expect(requests).toHaveLength(1)
    const request = requests[0]!
    expect(request.method).toBe('POST')
    expect(request.url).toBe(`${PROVIDER}/emails`)
    expect(request.headers.get('authorization')).toBe('Bearer re_test_key')
    expect(request.headers.get('content-type')).toBe('application/json')
    const body = (await request.json()) as Record<string, string>
    expect(Object.keys(body).sort()).toEqual(['from', 'html', 'reply_to', 'subject', 'text', 'to'])
    expect(body).toMatchObject({ from: 'Hadaf <no-reply@hadaf.example>', to: site, reply_to: email })
    expect(body.subject).toContain(MESSAGE.subject)
    expect(body.text).toContain(MESSAGE.name)
    expect(body.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/)
    expect(await storedContactMessages(email)).toHaveLength(1)
    // Production never writes the dev outbox.
    expect(await sql()`select 1 from dev_mail where to_address = ${site}`).toHaveLength(0)
  })

  it('answers 503 with Retry-After when the provider refuses, and keeps nothing half-done', async () => {
    resendStandIn(422)
    const email = address('visitor')
    const errors = await logged('error', async () => {
      const res = await fetchWith(PRODUCTION, '/en/contact-us', await contactPost({ ...MESSAGE, email }))
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    })
    expect(errors.join('\n')).toContain('Resend refused the message with 422')
    expect(await storedContactMessages(email)).toEqual([])
  })

  it.each([
    ['no API key', { MAIL_API_KEY: undefined }, 'MAIL_API_KEY'],
    ['an empty API key', { MAIL_API_KEY: '' }, 'MAIL_API_KEY'],
    ['a provider it does not know', { MAIL_PROVIDER: 'mailchannels' }, 'MAIL_PROVIDER'],
    ['no sender', { MAIL_FROM: '' }, 'MAIL_FROM'],
    ['no site address', { SITE_EMAIL: '' }, 'SITE_EMAIL'],
  ])('fails loudly with %s, naming the setting, and sends nothing', async (_, settings, variable) => {
    const { requests } = resendStandIn()
    const email = address('visitor')
    const errors = await logged('error', async () => {
      const res = await fetchWith({ ...PRODUCTION, ...settings }, '/en/contact-us', await contactPost({ ...MESSAGE, email }))
      expect(res.status).toBe(500)
    })
    expect(errors.join('\n')).toMatch(new RegExp(`SettingsError: ${variable} `))
    expect(requests).toEqual([])
    expect(await storedContactMessages(email)).toEqual([])
  })
})
