// The worker's settings as src/settings.ts reads them: each one's schema, what it makes of
// the variables, and the SettingsError that names what is wrong.
import { describe, expect, it } from 'vitest'
import { settings, SettingsError } from '../../src/settings.ts'

const KEY = 'a test key that is long enough to be secret'

/** A production deployment with nothing set but what is given. */
const production = (variables: Record<string, string | undefined> = {}) => ({ APP_ENV: 'production', ...variables }) as unknown as Env
const development = (variables: Record<string, string | undefined> = {}) => production({ APP_ENV: 'development', ...variables })

/** The error reading `name` throws. */
function wrong(env: Env, name: keyof ReturnType<typeof settings>): SettingsError {
  try {
    void settings(env)[name]
  } catch (error) {
    if (error instanceof SettingsError) return error
    throw error
  }
  throw new Error(`${name} was read without an error`)
}

describe('a wrong setting', () => {
  it('throws a SettingsError naming every wrong variable of that setting, and what to do', () => {
    const error = wrong(production({ MAIL_PROVIDER: 'resend' }), 'mail')
    expect(error.name).toBe('SettingsError')
    expect(error.variables).toEqual(['MAIL_API_KEY', 'MAIL_FROM'])
    expect(error.message).toBe(
      'MAIL_API_KEY is not set: run `wrangler secret put MAIL_API_KEY` with a Resend API key; ' +
        'MAIL_FROM is not set: give the sender, e.g. "Hadaf <no-reply@your-domain>", in wrangler.toml',
    )
  })

  it('fails only the setting it belongs to', () => {
    const env = production({ CAPTCHA_PROVIDER: 'hcaptcha', SITE_URL: 'https://hadaf.example' })
    expect(() => settings(env).captcha).toThrow(SettingsError)
    expect(settings(env).siteUrl).toBe('https://hadaf.example')
    expect(settings(env).development).toBe(false)
    expect(settings(env).social).toBeNull()
  })

  it('never repeats a secret in its message, since the message goes to the logs', () => {
    const short = 'hunter2-but-short'
    expect(wrong(development({ ALTCHA_HMAC_KEY: short }), 'captcha').message).toBe('ALTCHA_HMAC_KEY must be at least 32 characters')
    const notText = production({ MAIL_PROVIDER: 'resend', MAIL_FROM: 'x', MAIL_API_KEY: 42 as unknown as string })
    expect(wrong(notText, 'mail').message).toBe('MAIL_API_KEY must be text')
  })

  it('is read once per env object', () => {
    const env = production({ SITE_URL: 'https://hadaf.example' })
    expect(settings(env)).toBe(settings(env))
    const mail = production({ MAIL_PROVIDER: 'resend', MAIL_API_KEY: 'k', MAIL_FROM: 'x' })
    expect(settings(mail).mail).toBe(settings(mail).mail)
  })
})

describe('APP_ENV', () => {
  it('is local development only when it says development; anything else is production', () => {
    expect(settings(development()).development).toBe(true)
    for (const value of ['production', '', 'dev', 'Development', undefined, 1]) {
      expect(settings(production({ APP_ENV: value as string })).development, String(value)).toBe(false)
    }
  })
})

describe('SITE_URL', () => {
  it("gives links in mail the site's origin", () => {
    expect(settings(production({ SITE_URL: ' https://hadaf.example/ar ' })).siteUrl).toBe('https://hadaf.example')
  })

  it('may be left empty in local development only', () => {
    expect(settings(development({ SITE_URL: '' })).siteUrl).toBeNull()
    expect(wrong(production({ SITE_URL: '' }), 'siteUrl').message).toMatch(/^SITE_URL is not set: give the site's address/)
  })

  it('must be an http(s) address, quoted back when it is not', () => {
    for (const env of [production({ SITE_URL: 'hadaf.example' }), development({ SITE_URL: 'ftp://hadaf.example' })]) {
      expect(wrong(env, 'siteUrl').variables).toEqual(['SITE_URL'])
    }
    expect(wrong(production({ SITE_URL: 'hadaf.example' }), 'siteUrl').message).toContain('SITE_URL is "hadaf.example"')
  })
})

describe('SITE_EMAIL', () => {
  it('is needed wherever contact messages are sent', () => {
    expect(settings(development({ SITE_EMAIL: 'contact@hadaf.example' })).siteEmail).toBe('contact@hadaf.example')
    expect(wrong(development({ SITE_EMAIL: ' ' }), 'siteEmail').variables).toEqual(['SITE_EMAIL'])
  })
})

describe('the mail settings', () => {
  const resend = { MAIL_PROVIDER: 'resend', MAIL_API_KEY: 're_key', MAIL_FROM: 'Hadaf <no-reply@hadaf.example>' }

  it('are not needed in local development, where the dev outbox keeps the mail', () => {
    expect(settings(development({ MAIL_PROVIDER: 'mailchannels' })).mail).toBeNull()
  })

  it('name the provider and its keys in production', () => {
    expect(settings(production(resend)).mail).toEqual({ provider: 'resend', apiKey: 're_key', from: 'Hadaf <no-reply@hadaf.example>', apiUrl: undefined })
    expect(settings(production({ ...resend, MAIL_API_URL: 'http://127.0.0.1:9/emails' })).mail?.apiUrl).toBe('http://127.0.0.1:9/emails')
  })

  it('refuse a provider the worker has no transport for, an empty key and an endpoint that is not an address', () => {
    expect(wrong(production({ ...resend, MAIL_PROVIDER: 'mailchannels' }), 'mail').message).toBe('MAIL_PROVIDER is "mailchannels"; set it to one of: resend')
    expect(wrong(production({ ...resend, MAIL_API_KEY: '' }), 'mail').variables).toEqual(['MAIL_API_KEY'])
    expect(wrong(production({ ...resend, MAIL_API_URL: 'api.resend.com' }), 'mail').variables).toEqual(['MAIL_API_URL'])
  })
})

describe('the captcha settings', () => {
  it('are ALTCHA by default, signed with a fixed key in local development only', () => {
    expect(settings(development()).captcha).toEqual({ provider: 'altcha', hmacKey: expect.stringMatching(/not-secret/) })
    expect(settings(production({ CAPTCHA_PROVIDER: ' ALTCHA ', ALTCHA_HMAC_KEY: KEY })).captcha).toEqual({ provider: 'altcha', hmacKey: KEY })
    expect(wrong(production(), 'captcha').message).toMatch(/^ALTCHA_HMAC_KEY is not set: run `wrangler secret put ALTCHA_HMAC_KEY`/)
  })

  it("need a third-party provider's site key and secret, and the HMAC key for the no-JavaScript question", () => {
    const recaptcha = { CAPTCHA_PROVIDER: 'recaptcha', ALTCHA_HMAC_KEY: KEY, CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET: 'secret' }
    expect(settings(production({ ...recaptcha, CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' })).captcha).toEqual({
      provider: 'recaptcha',
      hmacKey: KEY,
      siteKey: 'site',
      secret: 'secret',
      verifyUrl: 'http://127.0.0.1:9/siteverify',
    })
    const error = wrong(production({ CAPTCHA_PROVIDER: 'turnstile' }), 'captcha')
    expect(error.variables).toEqual(['ALTCHA_HMAC_KEY', 'CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET'])
    expect(error.message).toContain('CAPTCHA_SECRET is not set, and CAPTCHA_PROVIDER is turnstile')
    expect(wrong(production({ ...recaptcha, CAPTCHA_VERIFY_URL: 'siteverify' }), 'captcha').variables).toEqual(['CAPTCHA_VERIFY_URL'])
  })

  it('name an unknown provider, which the CSP reads alone', () => {
    expect(settings(production({ CAPTCHA_PROVIDER: 'Turnstile' })).captchaProvider).toBe('turnstile')
    expect(wrong(production({ CAPTCHA_PROVIDER: 'hcaptcha' }), 'captchaProvider').message).toBe(
      'CAPTCHA_PROVIDER is "hcaptcha"; set it to one of: altcha, turnstile, recaptcha',
    )
  })
})

describe('the social sign-in settings', () => {
  const on = { SUPABASE_URL: 'https://abcd.supabase.co/', SUPABASE_ANON_KEY: ' anon ', SOCIAL_PROVIDERS: 'Google, github' }

  it('are on with a project address, its anon key and a provider, and off without any of them', () => {
    expect(settings(production(on)).social).toEqual({ url: 'https://abcd.supabase.co', anonKey: 'anon', providers: ['google', 'github'] })
    for (const off of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SOCIAL_PROVIDERS']) {
      expect(settings(production({ ...on, [off]: '' })).social, off).toBeNull()
    }
  })

  it('are wrong, not off, with a project address that is not http(s)', () => {
    expect(wrong(production({ ...on, SUPABASE_URL: 'abcd.supabase.co' }), 'social').message).toBe('SUPABASE_URL is "abcd.supabase.co", not an http(s) address')
  })
})

describe('AUTH_API_BASE', () => {
  it('is null for the built-in API, or the external API without a trailing slash', () => {
    expect(settings(production({ AUTH_API_BASE: '' })).authApiBase).toBeNull()
    expect(settings(production({ AUTH_API_BASE: 'https://auth.example/api/v1/' })).authApiBase).toBe('https://auth.example/api/v1')
  })

  it('must be an http(s) address', () => {
    expect(wrong(production({ AUTH_API_BASE: 'auth.example/api/v1' }), 'authApiBase').variables).toEqual(['AUTH_API_BASE'])
  })
})

describe('OTP_LENGTH', () => {
  it('is 6 to 9 digits, and 6 for anything else, unset included', () => {
    expect(settings(production({ OTP_LENGTH: '9' })).otpLength).toBe(9)
    expect(settings(production()).otpLength).toBe(6)
  })
})
