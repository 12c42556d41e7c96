// POST /api/v1/authentication/social-login against a stand-in Supabase project: a key pair
// made here, its JWKS, and /auth/v1/user answering for the users each test invents
// (security.md, Social sign-in: "Tests sign tokens with a local key and serve a local JWKS").
import { Hono } from 'hono'
import { type CryptoKey, decodeJwt, exportJWK, generateKeyPair, type JWK, SignJWT, UnsecuredJWT } from 'jose'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Envelope } from '../../lib/envelope.ts'
import { generateSessionToken, hashSessionToken } from '../../src/auth/session-token.ts'
import { callApi, uniqueEmail } from './api-helpers.ts'
import { attemptsUntilLimited, sql, uniqueIp } from './helpers.ts'
import { fetchWith, standIn } from './stand-in.ts'
import { setCookies } from './visitor.ts'

const PROJECT = 'https://project.supabase.test'
const SOCIAL = { SUPABASE_URL: PROJECT, SUPABASE_ANON_KEY: 'anon', SOCIAL_PROVIDERS: 'google, github' }
const KEY_ID = 'project-key'
const USER_FIELDS = ['id', 'name', 'email', 'image', 'theme', 'mobile', 'lang', 'role', 'country', 'spoiler_free', 'spoiler_alerts']

type Session = { access_token: string; id: string; name: string; email: string; lang: string }

/** A user as Supabase's /auth/v1/user returns it (@supabase/auth-js `User`). */
interface SupabaseUser {
  id: string
  email: string | null
  email_confirmed_at: string | null
  app_metadata: { provider: string; providers: string[] }
  user_metadata: Record<string, unknown>
  identities: { id: string; identity_id: string; user_id: string; provider: string }[]
}

let projectKey: CryptoKey
let projectJwk: JWK
let otherKey: CryptoKey

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true })
  projectKey = pair.privateKey
  projectJwk = { ...(await exportJWK(pair.publicKey)), kid: KEY_ID, alg: 'ES256', use: 'sig' }
  otherKey = (await generateKeyPair('ES256')).privateKey
})

// The users the stand-in project knows, by id; a test adds its own. `signedOut` ones are
// refused as Supabase refuses a token whose session has ended.
const projectUsers = new Map<string, SupabaseUser & { signedOut?: boolean }>()

function supabaseProject(origin = PROJECT, jwks = () => Response.json({ keys: [projectJwk] })) {
  const project = new Hono()
  project.get('/auth/v1/.well-known/jwks.json', jwks)
  project.get('/auth/v1/user', (c) => {
    if (c.req.header('apikey') !== 'anon') return c.json({ message: 'No API key found in request' }, 401)
    // The real endpoint checks the token itself; the worker has already verified it here.
    const subject = decodeJwt(c.req.header('authorization')!.slice('Bearer '.length)).sub!
    const user = projectUsers.get(subject)
    if (!user || user.signedOut) return c.json({ code: 403, error_code: 'session_not_found', msg: 'Session not found' }, 403)
    return c.json(user)
  })
  return standIn(origin, project)
}

beforeEach(() => {
  supabaseProject()
})

/** Someone who signed in at the provider: their Supabase user, token and the island's body. */
async function providerUser(opts: { email?: string | null; confirmed?: boolean; provider?: string; metadata?: Record<string, unknown> } = {}) {
  const provider = opts.provider ?? 'google'
  const email = opts.email === undefined ? uniqueEmail('social') : opts.email
  const providerId = String(100_000_000 + Math.floor(Math.random() * 899_999_999))
  const user: SupabaseUser = {
    id: crypto.randomUUID(),
    email,
    email_confirmed_at: opts.confirmed === false ? null : new Date().toISOString(),
    app_metadata: { provider, providers: [provider] },
    user_metadata: opts.metadata ?? { full_name: 'Layla Hassan', email_verified: true },
    identities: [],
  }
  user.identities.push({ id: providerId, identity_id: crypto.randomUUID(), user_id: user.id, provider })
  projectUsers.set(user.id, user)
  const token = await accessToken(user)
  return { user, token, body: { access_token: token, provider, provider_id: providerId, email: email ?? '', access_token_secret: 'ya29.provider-token' } }
}

/** A token as the project signs it, with any claim, header or key changed. */
function accessToken(user: SupabaseUser, change: { claims?: Record<string, unknown>; key?: CryptoKey; kid?: string; expires?: string; issuer?: string; audience?: string } = {}) {
  return new SignJWT({ email: user.email, role: 'authenticated', app_metadata: user.app_metadata, user_metadata: user.user_metadata, ...change.claims })
    .setProtectedHeader({ alg: 'ES256', kid: change.kid ?? KEY_ID, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(change.issuer ?? `${PROJECT}/auth/v1`)
    .setAudience(change.audience ?? 'authenticated')
    .setIssuedAt()
    .setExpirationTime(change.expires ?? '1h')
    .sign(change.key ?? projectKey)
}

async function socialLogin<T = Session>(body: unknown, opts: { settings?: Partial<Env>; lang?: string; ip?: string; raw?: string; contentType?: string } = {}) {
  const res = await fetchWith({ ...SOCIAL, ...opts.settings }, '/api/v1/authentication/social-login', {
    method: 'POST',
    headers: { 'content-type': opts.contentType ?? 'application/json', 'accept-language': opts.lang ?? 'en', 'cf-connecting-ip': opts.ip ?? uniqueIp() },
    body: opts.raw ?? JSON.stringify(body),
  })
  const envelope = (await res.json()) as Envelope<T>
  expect(envelope.status).toBe(res.status)
  return { res, status: res.status, body: envelope }
}

async function accountOf(email: string) {
  const [row] = await sql()<{ id: string; name: string; verified: boolean; passwordHash: string | null; mobile: string | null; lang: string }[]>`
    select id, name, email_verified_at is not null as verified, password_hash as "passwordHash", mobile, lang
    from users where lower(email) = lower(${email})`
  return row
}

async function identitiesOf(userId: string) {
  return sql()<{ provider: string; providerId: string }[]>`
    select provider, provider_id as "providerId" from identities where user_id = ${userId} order by provider`
}

async function insertAccount(email: string, opts: { verified: boolean }) {
  const [row] = await sql()<{ id: string }[]>`
    insert into users (email, name, password_hash, mobile, email_verified_at)
    values (${email}, 'Existing', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
            ${`+9665${String(Math.random()).slice(2, 10)}`},
            ${opts.verified ? new Date() : null})
    returning id`
  return row!.id
}

const REJECTED = 'We could not confirm your sign-in with the provider. Please try again.'
const MISMATCH = 'The sign-in details do not match your account at the provider. Please try again.'

describe('social sign-in', () => {
  it('creates a verified account for a new identity and answers with a session and the user', async () => {
    const { body, user } = await providerUser()
    const { status, body: answer } = await socialLogin(body, { lang: 'ar' })
    expect(status).toBe(200)
    expect(Object.keys(answer.data!).sort()).toEqual(['access_token', ...USER_FIELDS].sort())
    expect(answer.data).toMatchObject({ access_token: expect.stringMatching(/^[\w-]{43}$/), email: user.email, name: 'Layla Hassan', lang: 'ar' })
    expect(await accountOf(user.email!)).toMatchObject({ verified: true, passwordHash: null })
    expect(await identitiesOf(answer.data!.id)).toEqual([{ provider: 'google', providerId: body.provider_id }])
    const me = await callApi<Session>('authentication/me', { bearer: answer.data!.access_token })
    expect(me.body.data!.id).toBe(answer.data!.id)
  })

  it('signs the same identity in to the same account the next time, with a new session', async () => {
    const { body } = await providerUser()
    const first = await socialLogin(body)
    const second = await socialLogin(body)
    expect(second.status).toBe(200)
    expect(second.body.data!.id).toBe(first.body.data!.id)
    expect(second.body.data!.access_token).not.toBe(first.body.data!.access_token)
  })

  it('names a new account after the email when the provider gives no name', async () => {
    const { body, user } = await providerUser({ metadata: {} })
    expect((await socialLogin(body)).body.data!.name).toBe(user.email!.split('@')[0])
  })

  it('links a confirmed email to the existing account that has it, keeping its password', async () => {
    const email = uniqueEmail('owner')
    const id = await insertAccount(email, { verified: true })
    const { body } = await providerUser({ email: email.toUpperCase() })
    const { status, body: answer } = await socialLogin(body)
    expect(status).toBe(200)
    expect(answer.data!.id).toBe(id)
    expect(await accountOf(email)).toMatchObject({ name: 'Existing', passwordHash: expect.stringMatching(/^\$argon2id/) })
    expect(await identitiesOf(id)).toEqual([{ provider: 'google', providerId: body.provider_id }])
  })

  it('refuses to link an unconfirmed email to an existing account, whatever user_metadata claims', async () => {
    const email = uniqueEmail('owner')
    const id = await insertAccount(email, { verified: true })
    const { body } = await providerUser({ email, confirmed: false, metadata: { email_verified: true, full_name: 'Intruder' } })
    const { status, body: answer } = await socialLogin(body)
    expect(status).toBe(400)
    expect(answer.errors).toEqual({ email: 'An account already uses this email address. Please sign in with your password or a one-time code first.' })
    expect(await identitiesOf(id)).toEqual([])
  })

  it('hands a pre-registered unverified account to the confirmed owner, clearing what its maker set', async () => {
    const email = uniqueEmail('victim')
    const id = await insertAccount(email, { verified: false })
    const squatterToken = generateSessionToken()
    await sql()`insert into sessions (user_id, token_hash, expires_at) values (${id}, ${await hashSessionToken(squatterToken)}, now() + interval '1 day')`
    await sql()`insert into identities (provider, provider_id, user_id, email) values ('github', ${`squatter-${id}`}, ${id}, ${email})`
    const { body } = await providerUser({ email })
    const { status, body: answer } = await socialLogin(body)
    expect(status).toBe(200)
    expect(answer.data!.id).toBe(id)
    expect(await accountOf(email)).toMatchObject({ verified: true, passwordHash: null, mobile: null, name: 'Layla Hassan' })
    expect(await identitiesOf(id)).toEqual([{ provider: 'google', providerId: body.provider_id }])
    expect((await callApi('authentication/me', { bearer: squatterToken })).status).toBe(401)
  })

  it('creates an unverified account for an unconfirmed new email, and verifies it once the provider confirms it', async () => {
    const { body, user } = await providerUser({ confirmed: false })
    expect((await socialLogin(body)).status).toBe(200)
    expect(await accountOf(user.email!)).toMatchObject({ verified: false })
    user.email_confirmed_at = new Date().toISOString()
    expect((await socialLogin(body)).status).toBe(200)
    expect(await accountOf(user.email!)).toMatchObject({ verified: true })
  })

  it('refuses a provider user without an email, whom no account could reach', async () => {
    const { body } = await providerUser({ email: null })
    const { status, body: answer } = await socialLogin(body)
    expect(status).toBe(400)
    expect(answer.errors!.email).toBe('Your account at the provider has no email address. Please sign in another way.')
  })

  it('speaks Arabic by default', async () => {
    const { body } = await providerUser()
    const { status, body: answer } = await socialLogin({ ...body, access_token: '' }, { lang: '' })
    expect(status).toBe(422)
    expect(answer.errors).toEqual({ access_token: 'يرجى ملء هذا الحقل.' })
  })
})

describe('social sign-in refuses tokens the project did not issue for this user', () => {
  const forgeries: [string, (user: SupabaseUser) => Promise<string>][] = [
    ['signed by another key under the project key id', (user) => accessToken(user, { key: otherKey })],
    ['signed by a key the project does not have', (user) => accessToken(user, { key: otherKey, kid: 'attacker-key' })],
    ['expired', (user) => accessToken(user, { expires: '-1m' })],
    ['for another audience', (user) => accessToken(user, { audience: 'anon' })],
    ['from another issuer', (user) => accessToken(user, { issuer: 'https://attacker.supabase.test/auth/v1' })],
    ['signed with a shared secret (HS256)', (user) =>
      new SignJWT({ app_metadata: user.app_metadata, role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', kid: KEY_ID })
        .setSubject(user.id).setIssuer(`${PROJECT}/auth/v1`).setAudience('authenticated').setExpirationTime('1h')
        .sign(new TextEncoder().encode('the legacy JWT secret, or the anon key'))],
    ['unsigned (alg none)', async (user) =>
      new UnsecuredJWT({ app_metadata: user.app_metadata, role: 'authenticated' })
        .setSubject(user.id).setIssuer(`${PROJECT}/auth/v1`).setAudience('authenticated').setExpirationTime('1h')
        .encode()],
    ['garbage', async () => 'eyJhbGciOiJFUzI1NiJ9.garbage.garbage'],
    ['without a provider in app_metadata', (user) => accessToken(user, { claims: { app_metadata: {} } })],
    ['for a provider the site does not offer', (user) => accessToken(user, { claims: { app_metadata: { provider: 'twitter' } } })],
  ]

  it.each(forgeries)('a token %s', async (_, forge) => {
    const { body, user } = await providerUser()
    const { status, body: answer } = await socialLogin({ ...body, access_token: await forge(user) })
    expect(status).toBe(400)
    expect(answer.errors).toEqual({ email: REJECTED })
    expect(await accountOf(user.email!)).toBeUndefined()
  })

  it('a valid token whose session Supabase has ended', async () => {
    const { body, user } = await providerUser()
    projectUsers.set(user.id, { ...user, signedOut: true })
    const { status, body: answer } = await socialLogin(body)
    expect(status).toBe(400)
    expect(answer.errors).toEqual({ email: REJECTED })
  })

  it('a valid token whose Supabase user has no identity at the token provider', async () => {
    const { body, user } = await providerUser()
    user.identities = [{ ...user.identities[0]!, provider: 'github' }]
    expect((await socialLogin(body)).status).toBe(400)
  })

  it.each([
    ['provider', { provider: 'github' }],
    ['provider id', { provider_id: '1' }],
    ['email', { email: 'someone.else@example.test' }],
  ])('a valid token posted with another %s', async (_, change) => {
    const { body, user } = await providerUser()
    const { status, body: answer } = await socialLogin({ ...body, ...change })
    expect(status).toBe(400)
    expect(answer.errors).toEqual({ email: MISMATCH })
    expect(await accountOf(user.email!)).toBeUndefined()
  })
})

describe('social sign-in around the edges', () => {
  it('answers 404 when Supabase is not configured', async () => {
    for (const settings of [
      { SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined },
      { SUPABASE_ANON_KEY: '' },
      { SOCIAL_PROVIDERS: '' },
    ]) {
      const { status, body } = await socialLogin({}, { settings })
      expect(status).toBe(404)
      expect(body.message).toBe('Social sign-in is not available on this site.')
    }
  })

  it('answers 503 with Retry-After, never 500, when Supabase cannot be reached', async () => {
    const down = 'https://down.supabase.test'
    supabaseProject(down, () => new Response('upstream error', { status: 502 }))
    const { body } = await providerUser()
    const keysDown = await socialLogin(body, { settings: { SUPABASE_URL: down } })
    expect(keysDown.status).toBe(503)
    expect(keysDown.res.headers.get('retry-after')).toBe('30')

    const { body: other } = await providerUser()
    standIn(`${PROJECT}/auth/v1/user`, { fetch: () => new Response('{"oops"', { status: 200 }) })
    expect((await socialLogin(other)).status).toBe(503)
  })

  it('limits each address to 10 attempts a minute', async () => {
    const ip = uniqueIp()
    const { allowed, refused } = await attemptsUntilLimited(() => socialLogin({}, { ip }))
    expect(allowed.length).toBeGreaterThanOrEqual(10)
    expect(new Set(allowed)).toEqual(new Set([422]))
    expect(refused?.status).toBe(429)
  })

  it('explains each missing or malformed field', async () => {
    const { status, body } = await socialLogin({ provider: 7, provider_id: ['x'], email: { a: 1 }, access_token_secret: null })
    expect(status).toBe(422)
    expect(body.errors).toEqual({
      access_token: 'Please fill in this field.',
      provider: 'Please type text into this field.',
      provider_id: 'Please type text into this field.',
      email: 'Please type text into this field.',
      access_token_secret: 'Please type text into this field.',
    })
  })

  const huge = 'x'.repeat(20_000)
  it.each<[string, { raw?: string; body?: unknown; contentType?: string }]>([
    ['an array', { body: [1, 2, 3] }],
    ['a number', { body: 42 }],
    ['null', { body: null }],
    ['a string', { body: 'token' }],
    ['broken JSON', { raw: '{"access_token": ' }],
    ['a form', { raw: 'access_token=x', contentType: 'application/x-www-form-urlencoded' }],
    ['a huge token', { body: { access_token: huge, provider: 'google', provider_id: '1', email: 'a@b.test' } }],
    ['a huge provider id', { body: { access_token: 'x', provider: 'google', provider_id: huge, email: 'a@b.test' } }],
    ['a body over 64 KB', { body: { access_token: 'x'.repeat(70_000) } }],
    ['NUL bytes', { body: { access_token: 'a\u0000b', provider: 'google\u0000', provider_id: '1', email: 'a@b.test' } }],
  ])('answers %s with a 4xx envelope', async (_, input) => {
    const { status, body } = await socialLogin(input.body, { raw: input.raw, contentType: input.contentType })
    expect(status).toBeGreaterThanOrEqual(400)
    expect(status).toBeLessThan(500)
    expect(body.message).toEqual(expect.any(String))
  })
})

/** What the island posts to the site's route, and what comes back. */
async function islandPost(body: unknown, opts: { settings?: Partial<Env>; lang?: string; contentType?: string } = {}) {
  const res = await fetchWith({ ...SOCIAL, ...opts.settings }, `/${opts.lang ?? 'en'}/login/social`, {
    method: 'POST',
    headers: { 'content-type': opts.contentType ?? 'application/json', accept: 'application/json', origin: 'http://localhost', 'cf-connecting-ip': uniqueIp() },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { res, json: (await res.json()) as { status: number; message: string; errors?: Record<string, string>; redirect?: string } }
}

describe("the site's social sign-in route", () => {
  it('keeps the session in an HttpOnly cookie and tells the island only where to go next', async () => {
    const { body } = await providerUser()
    const { res, json } = await islandPost({ ...body, next: '/en/profile' })
    expect(res.status).toBe(200)
    expect(json).toEqual({ status: 200, message: 'Signed in successfully.', redirect: '/en/profile' })
    const cookies = setCookies(res)
    expect(cookies.get('token')).toMatchObject({ value: expect.stringMatching(/^[\w-]{43}$/), attributes: expect.stringContaining('HttpOnly') })
    expect(cookies.get('flash')?.value).toBe('success.signedIn')
    expect(JSON.stringify(json)).not.toContain(cookies.get('token')!.value)
    const me = await callApi<Session>('authentication/me', { bearer: cookies.get('token')!.value })
    expect(me.body.data!.email).toBe(body.email)
  })

  it('goes home when next is missing or leads off the site', async () => {
    for (const next of [undefined, 'https://evil.example/', '//evil.example']) {
      const { body } = await providerUser()
      expect((await islandPost({ ...body, next }, { lang: 'ar' })).json.redirect).toBe('/ar')
    }
  })

  it("passes the API's 400 on, with its email error for the toast, and sets no cookie", async () => {
    const { body } = await providerUser()
    const { res, json } = await islandPost({ ...body, email: 'someone.else@example.test' })
    expect(res.status).toBe(400)
    expect(json.errors).toEqual({ email: MISMATCH })
    expect(setCookies(res).has('token')).toBe(false)
  })

  it('answers JSON it cannot read with a 400, and a form post with a 400 or 403, never a page or a 500', async () => {
    expect((await islandPost('{"access_token"')).res.status).toBe(400)
    expect((await islandPost('[1, 2]')).res.status).toBe(400)
    const form = await islandPost('access_token=x', { contentType: 'application/x-www-form-urlencoded' })
    expect(form.res.status).toBe(400)
    expect(form.json.message).toBe('We could not read the form. Please try again.')
  })

  it('answers 404 when social sign-in is not configured', async () => {
    const { res } = await islandPost({ access_token: 'x' }, { settings: { SUPABASE_URL: undefined } })
    expect(res.status).toBe(404)
  })

  it('forwards only the spec\'s five fields to an external sign-in API (AUTH_API_BASE)', async () => {
    const upstream = 'https://auth.upstream.test/api/v1'
    const received: unknown[] = []
    standIn(upstream, {
      fetch: async (request: Request) => {
        received.push(await request.json())
        return Response.json({ status: 200, message: 'Signed in.', data: { access_token: 'A'.repeat(43), theme: 'dark' } })
      },
    })
    const external = await fetchWith({ ...SOCIAL, AUTH_API_BASE: upstream }, '/en/login/social', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ access_token: 't', provider: 'google', provider_id: '1', email: 'a@b.test', access_token_secret: '', next: '/en', admin: true }),
    })
    expect(external.status).toBe(200)
    expect(received).toEqual([{ access_token: 't', provider: 'google', provider_id: '1', email: 'a@b.test', access_token_secret: '' }])
    expect(setCookies(external).get('token')?.value).toBe('A'.repeat(43))
    expect(setCookies(external).get('theme')?.value).toBe('dark')
  })
})

describe('the login page', () => {
  const loginPage = async (settings: Partial<Env>, query = '') => {
    const res = await fetchWith(settings, `/en/login${query}`)
    return { res, body: await res.text() }
  }

  it('offers the configured providers through an island that hydrates when idle', async () => {
    const { body } = await loginPage(SOCIAL)
    const marker = /<div class="island" data-island="social-sign-in" data-props="([^"]*)" data-hydrate="interaction">/.exec(body)
    expect(JSON.parse(marker![1]!.replaceAll('&quot;', '"'))).toEqual({
      url: PROJECT,
      anonKey: 'anon',
      providers: ['google', 'github'],
      action: '/en/login/social',
      returning: false,
    })
    expect(body).toContain('Continue with Google')
    expect(body).toContain('Continue with GitHub')
  })

  it('shows that it is signing in when the provider sends the visitor back with a code', async () => {
    const { body } = await loginPage(SOCIAL, '?code=pkce-code')
    expect(body).toContain('&quot;returning&quot;:true')
    expect(body).toMatch(/<div class="social-sign-in" aria-busy="true">/)
    expect(body).toContain('Signing you in…')
  })

  it('offers the same buttons on the sign-up page, where a first sign-in makes the account', async () => {
    const res = await fetchWith(SOCIAL, '/ar/sign-up')
    expect(await res.text()).toMatch(/data-island="social-sign-in" data-props="[^"]*&quot;action&quot;:&quot;\/ar\/login\/social&quot;/)
    expect((await (await fetchWith({}, '/ar/sign-up')).text())).not.toContain('social-sign-in')
  })

  it('has no social buttons, and no Supabase host in its CSP, when Supabase is not configured', async () => {
    const { res, body } = await loginPage({})
    expect(body).not.toContain('social-sign-in')
    expect(res.headers.get('content-security-policy')).not.toContain('supabase')
  })

  it('lets the browser call the configured Supabase project, and only it (CSP connect-src)', async () => {
    const { res } = await loginPage(SOCIAL)
    const policy = res.headers.get('content-security-policy') ?? ''
    expect(policy.split('; ').find((d) => d.startsWith('connect-src '))).toContain(PROJECT)
    expect(policy.split('; ').filter((d) => d.includes(PROJECT))).toHaveLength(1)
  })
})
