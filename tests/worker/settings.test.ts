// A wrong or missing setting (src/settings.ts) fails the requests that need it with a 500
// whose log line names the variable, and no others: the home page does not need the captcha,
// the mail provider or social sign-in.
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { generateSessionToken } from '../../src/auth/session-token.ts'
import { captchaHmacKey } from '../../src/captcha/settings.ts'
import { signedUpUser, uniqueEmail } from './api-helpers.ts'
import { solvedCaptcha } from './captcha-helpers.ts'
import { ORIGIN, uniqueIp } from './helpers.ts'
import { fetchWith } from './stand-in.ts'

/** Production with what the forms need (the tests' captcha key, so solvedCaptcha() answers there too). */
const PRODUCTION = {
  APP_ENV: 'production',
  SITE_URL: 'https://hadaf.example',
  MAIL_PROVIDER: 'resend',
  MAIL_API_KEY: 're_test_key',
  ALTCHA_HMAC_KEY: captchaHmacKey(env),
}

/** Social sign-in configured with a project address that is not one. */
const BROKEN_SOCIAL = { SUPABASE_URL: 'abcd.supabase.co', SUPABASE_ANON_KEY: 'anon', SOCIAL_PROVIDERS: 'google' }

let errors: MockInstance<typeof console.error>

beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  errors.mockRestore()
})

/** The lines logged as errors, parsed where they are JSON. */
function loggedErrors(): Record<string, unknown>[] {
  return errors.mock.calls.map((call) => {
    try {
      return JSON.parse(String(call[0])) as Record<string, unknown>
    } catch {
      return { text: String(call[0]) }
    }
  })
}

/** The variables each 500's log line names. */
function namedBy500s(): unknown[] {
  return loggedErrors()
    .filter((line) => line.status === 500)
    .map((line) => line.settings)
}

/** An API call as a client makes it, with `settings` changed. */
function postJson(settings: Partial<Env>, path: string, body: Record<string, unknown>) {
  return fetchWith(settings, `/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': uniqueIp() },
    body: JSON.stringify(body),
  })
}

describe('the home page', () => {
  it('is served while the captcha, mail, social sign-in and sign-in API settings are all wrong', async () => {
    const broken = { ...BROKEN_SOCIAL, APP_ENV: 'production', SITE_URL: '', MAIL_API_KEY: undefined, CAPTCHA_PROVIDER: 'hcaptcha', AUTH_API_BASE: 'auth.example' }
    const res = await fetchWith(broken, '/en')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).not.toContain('supabase')
    expect(namedBy500s()).toEqual([])
    // Every page's CSP reads the social settings: it says what is wrong, and sign-in stays off.
    expect(loggedErrors().map((line) => line.config_error)).toContain('SUPABASE_URL is "abcd.supabase.co", not an http(s) address; social sign-in is off')
  })
})

describe('a wrong captcha setting', () => {
  it('fails a page with a protected form in production without ALTCHA_HMAC_KEY', async () => {
    const res = await fetchWith({ APP_ENV: 'production', ALTCHA_HMAC_KEY: undefined }, '/en/login')
    expect(res.status).toBe(500)
    expect(namedBy500s()).toEqual([['ALTCHA_HMAC_KEY']])
  })

  it('fails the form of a third-party provider whose keys are missing, naming both', async () => {
    const res = await fetchWith({ CAPTCHA_PROVIDER: 'turnstile' }, '/en/contact-us')
    expect(res.status).toBe(500)
    expect(namedBy500s()).toEqual([['CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET']])
    expect(loggedErrors()[0]!.error).toMatch(/^SettingsError: CAPTCHA_SITE_KEY is not set, and CAPTCHA_PROVIDER is turnstile/)
  })

  it('fails an API call it protects when the provider is unknown, in the JSON envelope', async () => {
    const res = await postJson({ CAPTCHA_PROVIDER: 'hcaptcha' }, 'authentication/forgot-password', { email: uniqueEmail(), captcha: '' })
    expect(res.status).toBe(500)
    expect(await res.json()).toMatchObject({ status: 500 })
    expect(namedBy500s()).toEqual([['CAPTCHA_PROVIDER']])
  })
})

describe('a wrong mail setting', () => {
  it('fails a code step in production when SITE_URL is not an address, before anything is written', async () => {
    const res = await postJson({ ...PRODUCTION, SITE_URL: 'hadaf.example' }, 'authentication/forgot-password', { email: uniqueEmail(), captcha: await solvedCaptcha() })
    expect(res.status).toBe(500)
    expect(namedBy500s()).toEqual([['SITE_URL']])
  })

  it('fails the contact form when MAIL_API_URL is not an address, and sends nothing', async () => {
    const res = await fetchWith({ ...PRODUCTION, MAIL_API_URL: 'api.resend.com/emails' }, '/en/contact-us', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': uniqueIp() },
      body: new URLSearchParams({ name: 'Salem', email: uniqueEmail(), subject: 'A correction', message: 'The score is wrong.', captcha: await solvedCaptcha() }).toString(),
    })
    expect(res.status).toBe(500)
    expect(namedBy500s()).toEqual([['MAIL_API_URL']])
  })

  it('leaves a code mail, which goes after the answer, to a log line naming the setting', async () => {
    const { email } = await signedUpUser()
    const res = await postJson({ ...PRODUCTION, MAIL_API_KEY: undefined }, 'authentication/forgot-password', { email, captcha: await solvedCaptcha() })
    expect(res.status).toBe(200)
    expect(loggedErrors().filter((line) => 'mail_error' in line)).toEqual([{ id: expect.any(String), mail_error: expect.stringMatching(/^SettingsError: MAIL_API_KEY is not set/) }])
    expect(namedBy500s()).toEqual([])
  })
})

describe('a wrong social sign-in setting', () => {
  it('fails the social sign-in call with a 500 naming SUPABASE_URL', async () => {
    const res = await postJson(BROKEN_SOCIAL, 'authentication/social-login', { access_token: 'x', provider: 'google', provider_id: '1', email: uniqueEmail() })
    expect(res.status).toBe(500)
    expect(namedBy500s()).toEqual([['SUPABASE_URL']])
  })

  it('leaves the login page without its buttons, and the password form working', async () => {
    const res = await fetchWith(BROKEN_SOCIAL, '/en/login')
    expect(res.status).toBe(200)
    const body = await res.text()
    expect(body).not.toContain('social-sign-in')
    expect(body).toContain('name="password"')
    expect(namedBy500s()).toEqual([])
  })
})

describe('a wrong AUTH_API_BASE', () => {
  it('fails a signed-in request, which asks the sign-in API who is signed in', async () => {
    const res = await fetchWith({ AUTH_API_BASE: 'auth.example/api/v1' }, '/en/profile', { headers: { cookie: `token=${generateSessionToken()}` } })
    expect(res.status).toBe(500)
    expect(namedBy500s()).toEqual([['AUTH_API_BASE']])
  })
})

describe('a wrong LIVE_SHARD_SOCKETS', () => {
  it('fails the socket opens with a 500 naming it, and leaves the polled snapshot alone', async () => {
    for (const wrong of ['lots', '0', '40000']) {
      const res = await fetchWith({ LIVE_SHARD_SOCKETS: wrong }, '/api/v1/matches/1/socket', { headers: { upgrade: 'websocket' } })
      expect(res.status).toBe(500)
    }
    expect(namedBy500s()).toEqual(Array(3).fill(['LIVE_SHARD_SOCKETS']))
    expect((await fetchWith({ LIVE_SHARD_SOCKETS: 'lots' }, '/api/v1/matches/1/live')).status).not.toBe(500)
  })
})

describe('the error handler', () => {
  it('logs a 500 from a setting once, with the request id, the variables and what is wrong', async () => {
    const res = await fetchWith({ APP_ENV: 'production', ALTCHA_HMAC_KEY: 'short' }, '/api/v1/captcha/challenge')
    expect(res.status).toBe(500)
    const [line, ...others] = loggedErrors()
    expect(others).toEqual([])
    expect(line).toMatchObject({ status: 500, settings: ['ALTCHA_HMAC_KEY'], error: expect.stringMatching(/^SettingsError: ALTCHA_HMAC_KEY must be at least 32 characters\n/) })
    expect(line!.id).toEqual(expect.any(String))
    expect(JSON.stringify(line)).not.toContain('"short"')
  })
})
