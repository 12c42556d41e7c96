import { env } from 'cloudflare:workers'
import { type Challenge } from 'altcha-lib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { type CaptchaAction, questionValue } from '../../lib/captcha.ts'
import { issueAltchaChallenge } from '../../src/captcha/altcha.ts'
import { issueQuestion } from '../../src/captcha/question.ts'
import { captchaHmacKey } from '../../src/captcha/settings.ts'
import { MAX_CAPTCHA_LENGTH, verifyCaptcha } from '../../src/captcha/verify.ts'
import { database } from '../../src/middleware/database.ts'
import type { AppEnv } from '../../src/types.ts'
import { answeredQuestion, solve, solvedCaptcha } from './captcha-helpers.ts'
import { fetchPage, ORIGIN, postForm, sql, uniqueIp } from './helpers.ts'
import { fetchWith, openSharedDatabase, standIn } from './stand-in.ts'

/** verifyCaptcha as a protected route calls it, with some settings changed. */
async function check(captcha: unknown, opts: { action?: CaptchaAction; settings?: Partial<Env>; ip?: string } = {}) {
  const app = new Hono<AppEnv>()
  app.use(database(openSharedDatabase))
  app.post('/', async (c) => c.json(await verifyCaptcha(c, (await c.req.json<{ captcha: unknown }>()).captcha, opts.action ?? 'contact')))
  const headers = opts.ip ? { 'cf-connecting-ip': opts.ip } : undefined
  const res = await app.request('/', { method: 'POST', body: JSON.stringify({ captcha }), headers }, { ...env, ...opts.settings })
  return res.status === 200 ? ((await res.json()) as boolean) : res.status
}

const KEY = () => captchaHmacKey(env)

/** The payload a client would post, with `edit` applied to it first. */
function edited(payload: string, edit: (decoded: { challenge: Challenge; solution: { counter: number; derivedKey: string } }) => void) {
  const decoded = JSON.parse(atob(payload))
  edit(decoded)
  return btoa(JSON.stringify(decoded))
}

describe('the ALTCHA challenge endpoint', () => {
  it('serves a signed PBKDF2 challenge that expires within minutes, never cached, without the database', async () => {
    const res = await fetchPage('/api/v1/captcha/challenge')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-db-queries')).toBe('0')
    const challenge = (await res.json()) as Challenge
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 2000, keyLength: 32 })
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/)
    const lifetime = challenge.parameters.expiresAt! - Date.now() / 1000
    expect(lifetime).toBeGreaterThan(4 * 60)
    expect(lifetime).toBeLessThanOrEqual(5 * 60)
  })

  it('gives every request a challenge of its own', async () => {
    const [a, b] = await Promise.all([1, 2].map(async () => (await (await fetchPage('/api/v1/captcha/challenge')).json()) as Challenge))
    expect(a!.parameters.nonce).not.toBe(b!.parameters.nonce)
  })

  it.each([
    ['without ALTCHA_HMAC_KEY', undefined],
    ['with a key too short to be secret', 'short'],
  ])('fails loudly in production %s instead of signing with a known key', async (_, key) => {
    const res = await fetchWith({ APP_ENV: 'production', ALTCHA_HMAC_KEY: key }, '/api/v1/captcha/challenge')
    expect(res.status).toBe(500)
    expect(await res.text()).not.toContain('signature')
  })

  it('works in production with a key of its own', async () => {
    const res = await fetchWith({ APP_ENV: 'production', ALTCHA_HMAC_KEY: 'k'.repeat(32) }, '/api/v1/captcha/challenge')
    expect(res.status).toBe(200)
  })

  it('is not there while another provider is configured', async () => {
    const res = await fetchWith({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET: 'secret' }, '/api/v1/captcha/challenge')
    expect(res.status).toBe(404)
  })
})

describe('an ALTCHA solution', () => {
  it('is accepted once for a challenge from the endpoint, solved as the widget does', async () => {
    const challenge = (await (await fetchPage('/api/v1/captcha/challenge')).json()) as Challenge
    const payload = await solve(challenge)
    expect(await check(payload)).toBe(true)
    expect(await check(payload)).toBe(false)
  })

  it('is kept as spent until its challenge expires, and expired rows are cleared', async () => {
    await sql()`insert into captcha_solutions (signature, expires_at) values ('altcha:stale', now() - interval '1 minute')`
    const payload = await solvedCaptcha()
    expect(await check(payload)).toBe(true)
    const rows = await sql()<{ signature: string; expires_at: Date }[]>`select signature, expires_at from captcha_solutions where signature in ('altcha:stale', ${`altcha:${JSON.parse(atob(payload)).challenge.signature}`})`
    expect(rows).toHaveLength(1)
    expect(rows[0]!.expires_at.getTime()).toBeGreaterThan(Date.now())
  })

  it('is refused when its challenge was signed with another key (forged)', async () => {
    const challenge = await issueAltchaChallenge('an attacker key of thirty-two characters', { counter: { min: 0, max: 2 }, ttlSeconds: 300 })
    expect(await check(await solve(challenge))).toBe(false)
  })

  it('is refused once its challenge has expired', async () => {
    expect(await check(await solvedCaptcha({ ttlSeconds: -1 }))).toBe(false)
  })

  it.each([
    ['an easier cost', (p: { challenge: Challenge }) => (p.challenge.parameters.cost = 1)],
    ['a later expiry', (p: { challenge: Challenge }) => (p.challenge.parameters.expiresAt! += 3600)],
    ['another key signature', (p: { challenge: Challenge }) => (p.challenge.parameters.keySignature = '0'.repeat(64))],
    ['a wrong derived key', (p: { solution: { derivedKey: string } }) => (p.solution.derivedKey = 'ab'.repeat(32))],
    ['a derived key that is not hex', (p: { solution: { derivedKey: string } }) => (p.solution.derivedKey = 'zz')],
    ['no signature', (p: { challenge: Challenge }) => delete p.challenge.signature],
    ['a signature of the wrong type', (p: { challenge: { signature: unknown } }) => (p.challenge.signature = { length: 64 })],
    ['a nonce of the wrong type', (p: { challenge: { parameters: { nonce: unknown } } }) => (p.challenge.parameters.nonce = 7)],
  ])('is refused with %s (tampered)', async (_, edit) => {
    expect(await check(edited(await solvedCaptcha(), edit as never))).toBe(false)
  })

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['a number', 42],
    ['an object', { challenge: {}, solution: {} }],
    ['an array', ['a']],
    ['null', null],
    ['not base64', '%%% not base64 %%%'],
    ['base64 of text', btoa('hello there')],
    ['base64 of the wrong JSON', btoa('{"challenge":1,"solution":[]}')],
    ['base64 of JSON null', btoa('null')],
    ['the widget test mode', btoa(JSON.stringify({ challenge: null, solution: null, test: true }))],
    ['longer than any real value', 'A'.repeat(MAX_CAPTCHA_LENGTH + 1)],
    ['a million characters', 'A'.repeat(1_000_000)],
  ])('is refused when it is %s, without an error', async (_, captcha) => {
    expect(await check(captcha)).toBe(false)
  })
})

describe('the question for visitors without JavaScript', () => {
  async function question(ttlSeconds?: number) {
    const q = await issueQuestion(KEY(), ttlSeconds)
    return { ...q, answer: String(q.a + q.b) }
  }

  it('accepts the right answer once', async () => {
    const q = await question()
    expect(await check(questionValue(q.token, q.answer))).toBe(true)
    expect(await check(questionValue(q.token, q.answer))).toBe(false)
  })

  it('accepts the answer typed with Arabic-Indic digits, spaces or a leading zero', async () => {
    for (const write of [(n: string) => n.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))), (n: string) => ` ${n} `, (n: string) => `0${n}`]) {
      const q = await question()
      expect(await check(questionValue(q.token, write(q.answer)))).toBe(true)
    }
  })

  it('refuses a wrong answer, and then the right one too: a question takes one guess', async () => {
    const q = await question()
    expect(await check(questionValue(q.token, String(Number(q.answer) + 1)))).toBe(false)
    expect(await check(questionValue(q.token, q.answer))).toBe(false)
    expect(await check(questionValue((await question()).token, 'seven'))).toBe(false)
  })

  it('refuses an expired question', async () => {
    const q = await question(-1)
    expect(await check(questionValue(q.token, q.answer))).toBe(false)
  })

  it('refuses a question signed with another key', async () => {
    const q = await issueQuestion('an attacker key of thirty-two characters')
    expect(await check(questionValue(q.token, String(q.a + q.b)))).toBe(false)
  })

  it.each(['question:', 'question:7', 'question::7', 'question:1.2.3:7', `question:${'9'.repeat(40)}.${'a'.repeat(32)}.${'b'.repeat(64)}:7`])(
    'refuses the malformed value %s',
    async (captcha) => {
      expect(await check(captcha)).toBe(false)
    },
  )

  it('is accepted whichever provider is configured', async () => {
    const q = await question()
    const settings = { CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET: 'secret' }
    expect(await check(questionValue(q.token, q.answer), { settings })).toBe(true)
  })
})

const SITEVERIFY = 'https://siteverify.test'

/** A provider's siteverify that knows one good token per action, and what it was sent. */
function siteverify(answer: (token: string) => Record<string, unknown> | Response) {
  const app = new Hono()
  app.post('/siteverify', async (c) => {
    const form = new URLSearchParams(await c.req.text())
    if (form.get('secret') !== 'the-secret') return c.json({ success: false, 'error-codes': ['invalid-input-secret'] })
    const result = answer(form.get('response') ?? '')
    return result instanceof Response ? result : c.json(result)
  })
  return standIn(SITEVERIFY, app)
}

function provider(name: 'turnstile' | 'recaptcha'): Partial<Env> {
  return { CAPTCHA_PROVIDER: name, CAPTCHA_SITE_KEY: 'the-site-key', CAPTCHA_SECRET: 'the-secret', CAPTCHA_VERIFY_URL: `${SITEVERIFY}/siteverify` }
}

describe('Turnstile', () => {
  const settings = provider('turnstile')
  const turnstile = (token: string) => (token.startsWith('good-') ? { success: true, action: token.slice(5) } : { success: false, 'error-codes': ['invalid-input-response'] })

  it('accepts a token its siteverify vouches for, sending the secret, the token and the address', async () => {
    const { requests } = siteverify(turnstile)
    expect(await check('good-contact', { settings, ip: '203.0.113.9' })).toBe(true)
    const sent = new URLSearchParams(await requests[0]!.text())
    expect(Object.fromEntries(sent)).toEqual({ secret: 'the-secret', response: 'good-contact', remoteip: '203.0.113.9' })
  })

  it('refuses a token its siteverify rejects', async () => {
    siteverify(turnstile)
    expect(await check('made-up', { settings })).toBe(false)
  })

  it('refuses a token earned on another form', async () => {
    siteverify(turnstile)
    expect(await check('good-login', { settings })).toBe(false)
  })

  it('refuses an ALTCHA payload: only Turnstile speaks for Turnstile', async () => {
    siteverify(turnstile)
    expect(await check(await solvedCaptcha(), { settings })).toBe(false)
  })

  it.each([
    ['answers 500', () => new Response('down', { status: 500 })],
    ['answers with something that is not JSON', () => new Response('<html>', { status: 200 })],
    ['answers JSON of another shape', () => ({ ok: 'yes' })],
  ])('refuses every token while the provider %s', async (_, answer) => {
    siteverify(answer)
    expect(await check('good-contact', { settings })).toBe(false)
  })

  it('fails loudly when its keys are missing', async () => {
    expect(await check('good-contact', { settings: { ...settings, CAPTCHA_SECRET: undefined } })).toBe(500)
  })
})

describe('reCAPTCHA v3', () => {
  const settings = provider('recaptcha')
  const scores: Record<string, Record<string, unknown>> = {
    person: { success: true, score: 0.9, action: 'contact' },
    borderline: { success: true, score: 0.5, action: 'contact' },
    bot: { success: true, score: 0.3, action: 'contact' },
    'sign-up': { success: true, score: 0.9, action: 'signup' },
    'no score': { success: true, action: 'contact' },
    used: { success: false, 'error-codes': ['timeout-or-duplicate'] },
  }

  it.each([
    ['a person (score 0.9)', 'person', true],
    ['the threshold itself (0.5)', 'borderline', true],
    ['a low score (0.3)', 'bot', false],
    ['the wrong action', 'sign-up', false],
    ['no score at all', 'no score', false],
    ['a token used before', 'used', false],
  ])('judges %s', async (_, token, verdict) => {
    siteverify((t) => scores[t] ?? { success: false })
    expect(await check(token, { settings })).toBe(verdict)
  })
})

describe('the Content Security Policy', () => {
  const csp = async (settings: Partial<Env>) => (await fetchWith(settings, '/en/contact-us')).headers.get('content-security-policy') ?? ''
  const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? ''

  it('names no captcha host by default: ALTCHA is served from this site', async () => {
    const policy = await csp({})
    expect(policy).not.toMatch(/cloudflare|google|gstatic/)
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self'")
  })

  it("adds Turnstile's host only while Turnstile is configured", async () => {
    const policy = await csp(provider('turnstile'))
    for (const name of ['script-src', 'frame-src', 'connect-src']) expect(directive(policy, name)).toContain('https://challenges.cloudflare.com')
    expect(policy).not.toMatch(/google|gstatic/)
  })

  it("adds reCAPTCHA's hosts only while reCAPTCHA is configured", async () => {
    const policy = await csp(provider('recaptcha'))
    expect(directive(policy, 'script-src')).toContain('https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/')
    expect(directive(policy, 'frame-src')).toContain('https://www.google.com/recaptcha/')
    expect(directive(policy, 'connect-src')).toContain('https://www.google.com/recaptcha/')
    expect(policy).not.toContain('cloudflare')
  })
})

describe('the captcha in a form', () => {
  /** The captcha island's props on the contact page. */
  function islandProps(body: string) {
    const marker = /<div class="island" data-island="captcha" data-props="([^"]*)" data-hydrate="interaction">/.exec(body)
    return marker ? JSON.parse(marker[1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) : undefined
  }

  it('renders the invisible ALTCHA widget, and a question inside noscript', async () => {
    const body = await (await fetchPage('/en/contact-us')).text()
    expect(islandProps(body)).toEqual({ provider: 'altcha', challengeUrl: '/api/v1/captcha/challenge' })
    expect(body).toMatch(/<altcha-widget challenge="\/api\/v1\/captcha\/challenge" name="captcha" auto="onsubmit" display="invisible"/)
    const noscript = /<noscript>(.*?)<\/noscript>/s.exec(body)?.[1] ?? ''
    expect(noscript).toMatch(/<label for="captcha-answer">Spam check: what is <bdi dir="ltr">\d \+ \d<\/bdi>\?<\/label>/)
    const answer = /<input id="captcha-answer"[^>]*>/.exec(noscript)?.[0]
    expect(answer).toContain('name="captcha_answer"')
    expect(answer).toContain('inputMode="numeric"')
    expect(noscript).toMatch(/<input type="hidden" name="captcha_token" value="\d+\.[0-9a-f]{32}\.[0-9a-f]{64}"\/>/)
  })

  it.each(['turnstile', 'recaptcha'] as const)('renders the %s widget with its site key, the form action and the language', async (name) => {
    const body = await (await fetchWith(provider(name), '/en/contact-us')).text()
    expect(islandProps(body)).toEqual({ provider: name, siteKey: 'the-site-key', action: 'contact', lang: 'en' })
    expect(body).not.toContain('altcha-widget')
    expect(body).not.toContain('the-secret')
    expect(body).toContain('name="captcha_token"')
  })

  it('refuses to render a form for a provider nobody configured', async () => {
    const res = await fetchWith({ CAPTCHA_PROVIDER: 'hcaptcha' }, '/en/contact-us')
    expect(res.status).toBe(500)
  })
})

describe('the contact form', () => {
  const message = () => ({
    name: 'Salem',
    email: `reader-${crypto.randomUUID().slice(0, 8)}@example.test`,
    subject: 'A correction',
    message: 'The score in the report is wrong.',
  })
  const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
  const stored = async (email: string) => (await sql()`select 1 from contact_messages where email = ${email}`).length
  const REFUSED = 'Please confirm that you are not a robot.'

  it('refuses a message without a solved captcha, keeps what was typed, and stores nothing', async () => {
    const fields = message()
    const res = await postForm('/en/contact-us', encode(fields))
    expect(res.status).toBe(422)
    const body = await res.text()
    expect(body).toContain(`<p id="error-captcha" class="field-error">${REFUSED}</p>`)
    expect(body).toContain('value="A correction"')
    expect(body).toContain('>The score in the report is wrong.</textarea>')
    expect(await stored(fields.email)).toBe(0)
  })

  it('says so in Arabic on the Arabic page', async () => {
    const res = await postForm('/ar/contact-us', encode({ ...message(), captcha: 'forged' }))
    expect(res.status).toBe(422)
    expect(await res.text()).toContain('<html lang="ar" dir="rtl"')
  })

  it('takes a solved captcha once: the same solution again is refused', async () => {
    const captcha = await solvedCaptcha()
    const first = message()
    const second = message()
    expect((await postForm('/en/contact-us', encode({ ...first, captcha }))).status).toBe(303)
    expect((await postForm('/en/contact-us', encode({ ...second, captcha }))).status).toBe(422)
    expect(await stored(first.email)).toBe(1)
    expect(await stored(second.email)).toBe(0)
  })

  it('takes the answer to its question from a visitor without JavaScript', async () => {
    const page = await (await fetchPage('/en/contact-us')).text()
    const fields = message()
    const res = await postForm('/en/contact-us', encode({ ...fields, ...answeredQuestion(page) }))
    expect(res.status).toBe(303)
    expect(await stored(fields.email)).toBe(1)
  })

  it('asks a new question after a wrong answer, with the error tied to the answer field', async () => {
    const page = await (await fetchPage('/en/contact-us')).text()
    const { captcha_token: token, captcha_answer: answer } = answeredQuestion(page)
    const res = await postForm('/en/contact-us', encode({ ...message(), captcha_token: token!, captcha_answer: String(Number(answer) + 1) }))
    expect(res.status).toBe(422)
    const body = await res.text()
    expect(answeredQuestion(body).captcha_token).not.toBe(token)
    expect(body).toMatch(/<input id="captcha-answer"[^>]*aria-invalid="true"[^>]*aria-describedby="error-captcha"/)
  })

  it('answers 429 with Retry-After once an address has posted ten times in a minute', async () => {
    const ip = uniqueIp()
    for (let i = 0; i < 10; i++) expect((await postForm('/en/contact-us', encode(message()), ORIGIN, ip)).status).toBe(422)
    const fields = message()
    const res = await postForm('/en/contact-us', encode({ ...fields, captcha: await solvedCaptcha() }), ORIGIN, ip)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('60')
    expect(await stored(fields.email)).toBe(0)
    // Another address is not held back.
    expect((await postForm('/en/contact-us', encode({ ...message(), captcha: await solvedCaptcha() }))).status).toBe(303)
  })

  it.each([
    ['a captcha a million characters long', () => encode({ ...message(), captcha: 'A'.repeat(60_000) })],
    ['the captcha fields sent as arrays', () => `${encode(message())}&captcha[]=x&captcha_token[]=y&captcha_answer[]=7`],
    ['a token without an answer', () => encode({ ...message(), captcha_token: '1.2.3' })],
    ['broken base64', () => encode({ ...message(), captcha: '@@@===' })],
    ['base64 of broken JSON', () => encode({ ...message(), captcha: btoa('{"challenge":') })],
  ])('answers 422, not an error, to %s', async (_, body) => {
    const res = await postForm('/en/contact-us', body())
    expect(res.status).toBe(422)
    expect(await res.text()).toContain(REFUSED)
  })

  it('answers 422 to a captcha sent as a file', async () => {
    const form = new FormData()
    for (const [key, value] of Object.entries(message())) form.set(key, value)
    form.set('captcha', new File([await solvedCaptcha()], 'captcha.txt', { type: 'text/plain' }))
    const res = await fetchPage('/en/contact-us', { method: 'POST', headers: { origin: ORIGIN, 'cf-connecting-ip': uniqueIp() }, body: form })
    expect(res.status).toBe(422)
  })
})
