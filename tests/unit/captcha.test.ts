import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import { describe, expect, it } from 'vitest'
import { captchaValue, parseQuestionValue, questionValue } from '../../lib/captcha.ts'
import { ALTCHA_CHALLENGE, issueAltchaChallenge, verifyAltchaPayload } from '../../src/captcha/altcha.ts'
import { captchaSources } from '../../src/captcha/csp.ts'
import { timingSafeEqual } from '../../src/captcha/hmac.ts'
import { issueQuestion, normalizeAnswer, questionAttempt, verifyAnswer } from '../../src/captcha/question.ts'
import { captchaHmacKey, captchaProvider, requireCaptchaProvider } from '../../src/captcha/settings.ts'
import { settings, SettingsError } from '../../src/settings.ts'

const KEY = 'a test key that is long enough to be secret'
const env = (settings: Partial<Env>) => ({ APP_ENV: 'production', CAPTCHA_PROVIDER: '', ...settings }) as Env

describe('captchaValue', () => {
  it('takes the widget value when the browser ran the widget', () => {
    expect(captchaValue({ captcha: 'payload', captcha_token: 't', captcha_answer: '7' })).toBe('payload')
  })

  it('joins the question token and the answer when it did not', () => {
    expect(captchaValue({ captcha_token: '1.ab.cd', captcha_answer: ' 7 ' })).toBe('question:1.ab.cd: 7 ')
    expect(captchaValue({ captcha: '', captcha_token: 't', captcha_answer: '' })).toBe('question:t:')
  })

  it('has nothing to give for a form without captcha fields, or with fields that are not text', () => {
    expect(captchaValue({})).toBeUndefined()
    expect(captchaValue({ captcha_token: 't' })).toBeUndefined()
    expect(captchaValue({ captcha: new File(['x'], 'x.txt'), captcha_answer: ['7'] })).toBeUndefined()
  })

  it('splits a question value back into its token and answer, and nothing else', () => {
    expect(parseQuestionValue(questionValue('1.ab.cd', '7:8'))).toEqual({ token: '1.ab.cd', answer: '7:8' })
    expect(parseQuestionValue('question:no-colon')).toBeUndefined()
    expect(parseQuestionValue('eyJjaGFsbGVuZ2UiOnt9fQ==')).toBeUndefined()
  })
})

describe('the question', () => {
  it.each([
    ['7', '7'],
    [' 12 ', '12'],
    ['07', '7'],
    ['١٢', '12'],
    ['۱۲', '12'],
  ])('reads the answer %j as %s', (typed, read) => {
    expect(normalizeAnswer(typed)).toBe(read)
  })

  it.each(['', 'seven', '1 2', '-3', '1234', '7.0'])('has no answer in %j', (typed) => {
    expect(normalizeAnswer(typed)).toBeUndefined()
  })

  it('asks for the sum of two digits from 1 to 9 and signs only the right answer', async () => {
    const q = await issueQuestion(KEY)
    expect(q.a).toBeGreaterThanOrEqual(1)
    expect(q.b).toBeLessThanOrEqual(9)
    expect(q.token).toMatch(/^\d+\.[0-9a-f]{32}\.[0-9a-f]{64}$/)
    // The answer is no field of the token (the expiry's digits may end like it, by chance).
    expect(q.token.split('.')).not.toContain(String(q.a + q.b))
    expect(await verifyAnswer(KEY, q.token, String(q.a + q.b))).toBe(true)
    expect(await verifyAnswer(KEY, q.token, String(q.a + q.b + 1))).toBe(false)
    expect(await verifyAnswer('another key that is long enough to be secret', q.token, String(q.a + q.b))).toBe(false)
    expect(questionAttempt(q.token)).toMatchObject({ signature: expect.stringMatching(/^question:[0-9a-f]{32}$/) })
  })

  it('expires', async () => {
    const q = await issueQuestion(KEY, -1)
    expect(await verifyAnswer(KEY, q.token, String(q.a + q.b))).toBe(false)
    expect(questionAttempt(q.token)).toBeUndefined()
  })

  it('is not spent under a forged expiry beyond what the site issues', async () => {
    const q = await issueQuestion(KEY, 365 * 24 * 3600)
    expect(questionAttempt(q.token)).toBeUndefined()
  })
})

describe('the ALTCHA challenge', () => {
  it('asks for a counter in the documented range and expires in five minutes', async () => {
    const issuedAt = Date.now() / 1000
    const challenge = await issueAltchaChallenge(KEY)
    const solution = await solveChallenge({ challenge, deriveKey })
    expect(solution!.counter).toBeGreaterThanOrEqual(ALTCHA_CHALLENGE.counter.min)
    expect(solution!.counter).toBeLessThanOrEqual(ALTCHA_CHALLENGE.counter.max)
    // Measured from the issue, not after the solve: solving takes a while on a busy machine.
    expect(challenge.parameters.expiresAt! - issuedAt).toBeGreaterThan(299)
    const payload = btoa(JSON.stringify({ challenge, solution }))
    expect(await verifyAltchaPayload(KEY, payload)).toEqual({ signature: `altcha:${challenge.signature}`, expiresAt: challenge.parameters.expiresAt })
    expect(await verifyAltchaPayload('another key that is long enough to be secret', payload)).toBeUndefined()
  })
})

describe('the settings', () => {
  it('defaults to ALTCHA and knows the three providers by name, in any case', () => {
    expect(captchaProvider(env({}))).toBe('altcha')
    expect(captchaProvider(env({ CAPTCHA_PROVIDER: ' Turnstile ' }))).toBe('turnstile')
    expect(captchaProvider(env({ CAPTCHA_PROVIDER: 'recaptcha' }))).toBe('recaptcha')
    expect(captchaProvider(env({ CAPTCHA_PROVIDER: 'hcaptcha' }))).toBeUndefined()
    expect(() => requireCaptchaProvider(env({ CAPTCHA_PROVIDER: 'hcaptcha' }))).toThrow(SettingsError)
  })

  it('signs with a fixed key only in local development', () => {
    expect(captchaHmacKey(env({ APP_ENV: 'development' }))).toMatch(/not-secret/)
    expect(captchaHmacKey(env({ ALTCHA_HMAC_KEY: KEY }))).toBe(KEY)
    expect(() => captchaHmacKey(env({}))).toThrow(/ALTCHA_HMAC_KEY is not set/)
    expect(() => captchaHmacKey(env({ APP_ENV: 'development', ALTCHA_HMAC_KEY: 'short' }))).toThrow(/at least 32/)
  })

  it('needs both keys of a third-party provider', () => {
    const turnstile = env({ CAPTCHA_PROVIDER: 'turnstile', ALTCHA_HMAC_KEY: KEY, CAPTCHA_SITE_KEY: 's', CAPTCHA_SECRET: 'x' })
    expect(settings(turnstile).captcha).toEqual({ provider: 'turnstile', hmacKey: KEY, siteKey: 's', secret: 'x', verifyUrl: undefined })
    expect(() => settings(env({ CAPTCHA_PROVIDER: 'recaptcha', ALTCHA_HMAC_KEY: KEY, CAPTCHA_SITE_KEY: 's' })).captcha).toThrow(SettingsError)
  })

  it("lists a provider's hosts for the CSP only while it is the configured one", () => {
    expect(captchaSources(env({}), 'script-src')).toEqual([])
    expect(captchaSources(env({ CAPTCHA_PROVIDER: 'turnstile' }), 'frame-src')).toEqual(['https://challenges.cloudflare.com'])
    expect(captchaSources(env({ CAPTCHA_PROVIDER: 'recaptcha' }), 'script-src')).toEqual(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'])
    expect(captchaSources(env({ CAPTCHA_PROVIDER: 'hcaptcha' }), 'script-src')).toEqual([])
  })
})

describe('timingSafeEqual', () => {
  it('tells equal strings from different ones of any length', () => {
    expect(timingSafeEqual('abc', 'abc')).toBe(true)
    expect(timingSafeEqual('abc', 'abd')).toBe(false)
    expect(timingSafeEqual('abc', 'abcd')).toBe(false)
  })
})
