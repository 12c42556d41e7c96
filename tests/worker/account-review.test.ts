// The account holes a security review found (issue 12, section 3; security.md, "Lessons from
// the turn-2 review"): each test here failed before its fix.
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { captchaHmacKey } from '../../src/captcha/settings.ts'
import { callApi, latestCode, login, mailTo, PASSWORD, type Pending, register, type Session, signedUpUser, uniqueEmail } from './api-helpers.ts'
import { solvedCaptcha } from './captcha-helpers.ts'
import { attemptsUntilLimited, fetchPage, insertUserWithSession, sql, uniqueIp } from './helpers.ts'

/** A mobile number no other test uses: an unverified sign-up's number must not collide. */
function uniqueMobile(): string {
  return `+9665${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1e8).padStart(8, '0')}`
}

const SQUATTER = { name: 'Squatter', password: 'the squatter passphrase', mobile: uniqueMobile() }

/** The code in the mail `back` places before the newest one to `email`. */
async function olderCode(email: string, back: number): Promise<string> {
  const mail = await mailTo(email)
  const code = /\b(\d{6})\b/.exec(mail[back]?.text ?? '')?.[1]
  if (!code) throw new Error(`no code in mail ${back} to ${email}`)
  return code
}

async function forgotPassword(email: string, ip = uniqueIp()) {
  return callApi<Pending>('authentication/forgot-password', { body: { email, captcha: await solvedCaptcha() }, ip })
}

describe('pre-account takeover', () => {
  it('a sign-in code proves the address and clears what the one who registered it typed', async () => {
    const email = uniqueEmail('victim')
    await register({ ...SQUATTER, email })
    const step = await login({ email })
    const signedIn = await callApi<Session>('authentication/check-otp', { bearer: step.body.data!.access_token, body: { code: await latestCode(email) } })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.data).toMatchObject({ email, mobile: null })
    expect(signedIn.body.data!.name).not.toBe(SQUATTER.name)
    expect((await login({ email, password: SQUATTER.password })).status).toBe(401)
    expect((await login({ mobile: SQUATTER.mobile, password: SQUATTER.password })).status).toBe(401)
  })

  it('a reset code proves the address and keeps only the new password', async () => {
    const email = uniqueEmail('victim')
    await register({ ...SQUATTER, email })
    const step = await forgotPassword(email)
    const reset = await callApi('authentication/reset-password', {
      bearer: step.body.data!.access_token,
      body: { code: await latestCode(email), password: PASSWORD },
    })
    expect(reset.status).toBe(200)
    const [user] = await sql()<{ name: string; mobile: string | null; verified: boolean }[]>`
      select name, mobile, email_verified_at is not null as verified from users where lower(email) = ${email}`
    expect(user).toEqual({ name: email.split('@')[0], mobile: null, verified: true })
    expect((await login({ email, password: PASSWORD })).status).toBe(200)
  })

  it("a sign-up's code applies that sign-up's details, even when someone registered the address again in between", async () => {
    const email = uniqueEmail('victim')
    const mobile = uniqueMobile()
    const victim = await register({ name: 'Owner', email, password: PASSWORD, mobile })
    const squatter = await register({ ...SQUATTER, email })
    expect(squatter.status).toBe(200)
    // The victim's own code is the older of the two mails.
    const signedIn = await callApi<Session>('authentication/check-otp', { bearer: victim.body.data!.access_token, body: { code: await olderCode(email, 1) } })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.data).toMatchObject({ name: 'Owner', mobile })
    expect((await login({ email, password: SQUATTER.password })).status).toBe(401)
    expect((await login({ email, password: PASSWORD })).status).toBe(200)
    // The other sign-up's step ends with the proof: its code can no longer apply its details.
    const late = await callApi('authentication/check-otp', { bearer: squatter.body.data!.access_token, body: { code: await olderCode(email, 0) } })
    expect(late.status).toBe(401)
    expect((await login({ email, password: SQUATTER.password })).status).toBe(401)
  })

  it('an unproven mobile number holds nobody back', async () => {
    const mobile = uniqueMobile()
    await register({ ...SQUATTER, mobile, email: uniqueEmail('squatter') })
    const owner = await register({ name: 'Owner', email: uniqueEmail('owner'), password: PASSWORD, mobile })
    expect(owner.status).toBe(200)
  })
})

describe('a stranger cannot lock the owner out', () => {
  it("wrong passwords from one address do not stop the owner's right one from another", async () => {
    const user = await signedUpUser()
    const stranger = uniqueIp()
    for (let i = 0; i < 9; i++) expect((await login({ email: user.email, password: `wrong ${i}` }, { ip: stranger })).status).toBe(401)
    // The stranger's own address waits, as security.md asks of one address …
    expect((await login({ email: user.email, password: PASSWORD }, { ip: stranger })).status).toBe(429)
    // … and the owner, elsewhere, signs in.
    expect((await login({ email: user.email, password: PASSWORD }, { ip: uniqueIp() })).status).toBe(200)
  })

  it("failures from many addresses stop unknown addresses, never the owner's own", async () => {
    const user = await signedUpUser()
    const home = uniqueIp()
    expect((await login({ email: user.email, password: PASSWORD }, { ip: home })).status).toBe(200)
    // As if 50 failures had come from many addresses in the last hour.
    await sql()`insert into auth_throttle (key, failures, last_failure_at) values (${`sign-in:${user.email}`}, 50, now())`
    const elsewhere = await login({ email: user.email, password: PASSWORD }, { ip: uniqueIp() })
    expect(elsewhere.status).toBe(429)
    expect(Number(elsewhere.res.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect((await login({ email: user.email, password: PASSWORD }, { ip: home })).status).toBe(200)
  })

  it("a stranger's forgot-password calls do not use up the owner's codes", async () => {
    const user = await signedUpUser()
    const stranger = uniqueIp()
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await forgotPassword(user.email, stranger)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    const owner = uniqueIp()
    expect((await login({ email: user.email }, { ip: owner })).status).toBe(200)
    expect((await forgotPassword(user.email, owner)).status).toBe(200)
  })

  it("codes asked for from many addresses stop unknown addresses, never the owner's own", async () => {
    const user = await signedUpUser()
    const home = uniqueIp()
    expect((await login({ email: user.email, password: PASSWORD }, { ip: home })).status).toBe(200)
    await sql()`insert into otp_sends (email, client) select ${user.email}, '2001:db8:' || n || '::/64' from generate_series(1, 20) n`
    expect((await forgotPassword(user.email)).status).toBe(429)
    expect((await forgotPassword(user.email, home)).status).toBe(200)
  })
})

describe('per-address limits', () => {
  it('count a whole IPv6 /64 as one client', async () => {
    const prefix = `2001:db8:${crypto.getRandomValues(new Uint16Array(1))[0]!.toString(16)}:7`
    let host = 0
    const { allowed, refused } = await attemptsUntilLimited(() => login({ email: uniqueEmail(), password: 'x' }, { ip: `${prefix}::${(++host).toString(16)}` }))
    expect(allowed.length).toBeGreaterThanOrEqual(10)
    expect(new Set(allowed)).toEqual(new Set([401]))
    expect(refused?.status).toBe(429)
  })

  it('put every value that is not an address in one bucket', async () => {
    let value = 0
    const { allowed, refused } = await attemptsUntilLimited(() => callApi('authentication/resend-otp', { method: 'POST', ip: `not-an-address-${++value}` }))
    expect(allowed.length).toBeGreaterThanOrEqual(10)
    expect(new Set(allowed)).toEqual(new Set([401]))
    expect(refused?.status).toBe(429)
  })
})

describe('signed-in answers', () => {
  it('are private and never stored', async () => {
    const user = await signedUpUser()
    for (const path of ['authentication/me', 'profile', 'profile/sessions']) {
      const { res } = await callApi(path, { bearer: user.token })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('private, no-store')
    }
    const page = await insertUserWithSession()
    for (const path of ['/ar/profile', '/en/profile/sessions']) {
      const res = await fetchPage(path, { headers: { cookie: page.cookie } })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('private, no-store')
    }
  })
})

describe('links in mail', () => {
  it('come from SITE_URL, whatever Host the request names', async () => {
    const owner = await signedUpUser()
    const answer = await callApi('authentication/register', {
      body: { name: 'Sami', email: owner.email, password: PASSWORD, captcha: await solvedCaptcha() },
      settings: { SITE_URL: 'https://hadaf.example' },
      origin: 'http://attacker.example',
    })
    expect(answer.status).toBe(200)
    const [notice] = await mailTo(owner.email)
    expect(notice!.text).toContain('https://hadaf.example/ar/login')
    expect(notice!.text).not.toContain('attacker.example')
  })

  it('fail the request in production when SITE_URL is missing, naming the setting', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const production = { APP_ENV: 'production', SITE_URL: '', ALTCHA_HMAC_KEY: captchaHmacKey(env), MAIL_API_KEY: 're_test_key' }
    const answer = await callApi('authentication/forgot-password', {
      body: { email: uniqueEmail(), captcha: await solvedCaptcha() },
      settings: production,
    })
    expect(answer.status).toBe(500)
    expect(errors.mock.calls.map((call) => String(call[0])).join('\n')).toContain('SITE_URL')
  })
})

describe('a code check', () => {
  async function codeStep() {
    const email = uniqueEmail()
    const pending = (await register({ name: 'Sami', email, password: PASSWORD })).body.data!.access_token
    return { email, pending, code: await latestCode(email) }
  }

  /** check-otp through the worker's own entry: each request opens its own database connection, as in production. */
  function check(step: { pending: string; code: string }, userAgent = 'Mozilla/5.0') {
    return fetchPage('/api/v1/authentication/check-otp', {
      method: 'POST',
      headers: { authorization: `Bearer ${step.pending}`, 'content-type': 'application/json', 'cf-connecting-ip': uniqueIp(), 'user-agent': userAgent },
      body: JSON.stringify({ code: step.code }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { data?: Session } }))
  }

  async function sessionsAndSpentCodes(email: string) {
    const [row] = await sql()<{ sessions: number; spent: number }[]>`
      select (select count(*)::int from sessions s join users u on u.id = s.user_id where u.email = ${email}) as sessions,
             (select count(*)::int from otp_challenges where email = ${email} and consumed_at is not null) as spent`
    return row
  }

  it('never spends a code without starting its session', async () => {
    const step = await codeStep()
    // The session cannot be written this once (as when the database fails between the two).
    const refused = `refused-${crypto.randomUUID()}`
    await sql().unsafe(`
      create or replace function refuse_session() returns trigger language plpgsql as $$
      begin
        if new.user_agent = '${refused}' then raise exception 'session refused'; end if;
        return new;
      end $$;
      create trigger refuse_session before insert on sessions for each row execute function refuse_session();`)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect((await check(step, refused)).status).toBe(500)
    } finally {
      await sql().unsafe('drop trigger refuse_session on sessions; drop function refuse_session();')
    }
    expect(await sessionsAndSpentCodes(step.email)).toEqual({ sessions: 0, spent: 0 })
    // The code still works.
    expect((await check(step)).status).toBe(200)
    expect(await sessionsAndSpentCodes(step.email)).toEqual({ sessions: 1, spent: 1 })
  })

  it('gives one session for one code, and a clear 401 to every other request at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const step = await codeStep()
      const answers = await Promise.all(Array.from({ length: 6 }, () => check(step)))
      const statuses = answers.map((answer) => answer.status)
      expect(statuses.filter((status) => status === 200)).toHaveLength(1)
      expect(statuses.filter((status) => status !== 200)).toEqual(Array(5).fill(401))
      const winner = answers[statuses.indexOf(200)]!.body.data!
      expect((await callApi('authentication/me', { bearer: winner.token })).status).toBe(200)
      expect(await sessionsAndSpentCodes(step.email)).toEqual({ sessions: 1, spent: 1 })
    }
  })
})
