// The browser tests' fixtures and shared steps, in one place, in the manner of Playwright's
// `test.extend` (here vitest's): Debian's Chromium driven by playwright-core (test tools
// cannot download browsers here), one per test file; pages that close after their test and
// fail it on any console error; accounts written straight into the database, as epic-stack's
// tests make theirs, and deleted afterwards (accounts.test.ts alone signs up through the
// pages); and the steps many screens share (a mailed code, a toast, a screenshot, the captcha).
import AxeBuilder from '@axe-core/playwright'
import { type Challenge, solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import { type Browser, chromium, type Locator, type Page } from 'playwright-core'
import postgres from 'postgres'
import { expect, inject, test } from 'vitest'
import { generateSessionToken, hashSessionToken } from '../../src/auth/session-token.ts'
import { insertSession } from '../../src/db/sessions.ts'
import { passwordHash } from '../support/password-hash.ts'

export type Lang = 'ar' | 'en'

export const baseUrl = () => inject('baseUrl')

export interface PageOptions {
  viewport?: { width: number; height: number }
  timezoneId?: string
  /** `false` opens the page as a visitor without JavaScript sees it. */
  javaScriptEnabled?: boolean
}

export interface OpenedPage {
  page: Page
  /** Console errors and page errors seen so far: the test fails on any left at its end. */
  errors: string[]
  close(): Promise<void>
}

/** What a visitor types to sign in. Tests that change the email or password write it back here. */
export interface Account {
  name: string
  email: string
  password: string
}

export interface Accounts {
  /** Details for an account the test signs up for through the pages itself. */
  fresh(lang: Lang, name?: string): Account
  /**
   * A verified account with the test password and one session, written into the database as
   * the sign-up's code step leaves it: the account tests prove that path through the pages.
   */
  signUp(lang: Lang, name?: string): Promise<Account & { token: string }>
}

const PASSWORD = 'a long enough passphrase'
const NAME = { ar: 'ليلى', en: 'Layla' }

export const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`

let visitors = 0
// Each Vitest worker's visitors come from a block of addresses of their own (198.18.0.0/15, set
// aside for benchmarks by RFC 2544), so files run side by side (--maxWorkers) never share an
// address's limits.
const addressBlock = Number(process.env.VITEST_POOL_ID ?? 1) % 512

/**
 * Every browser context, and every request a test sends itself, comes from an address of its
 * own, as different visitors do: the site limits sign-in and code requests per address (10 a
 * minute), and the whole suite runs from 127.0.0.1.
 */
export function visitorAddress(): { 'cf-connecting-ip': string } {
  visitors += 1
  return { 'cf-connecting-ip': `198.${18 + (addressBlock >> 8)}.${addressBlock & 255}.${visitors % 250}` }
}

/** Work on the test database over a connection of its own, closed afterwards. */
export async function withDb<T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} })
  try {
    return await work(sql)
  } finally {
    await sql.end()
  }
}

/** Gives an account a desk role, as `npm run user:role` does. */
export const setRole = (email: string, role: 'editor' | 'admin') => withDb((sql) => sql`update users set role = ${role} where lower(email) = lower(${email})`)

/** A captcha answer as the invisible widget would post it, solved here. */
async function solvedCaptcha(): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl()}/api/v1/captcha/challenge`)).json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }))
}

/** A call to the site's API from an address of its own; the envelope's status and data. */
export async function callApi<T>(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl()}/api/v1/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...visitorAddress(), ...headers },
    body: JSON.stringify(body),
  })
  return (await res.json()) as { status: number; data: T }
}

/** The session token of a password sign-in through the API, or null when it is refused. */
async function signInThroughApi({ email, password }: Account, headers: Record<string, string> = {}): Promise<string | null> {
  const answer = await callApi<{ access_token: string }>('POST', 'authentication/login-2', { email, password, captcha: await solvedCaptcha() }, headers)
  return answer.status === 200 ? answer.data.access_token : null
}

/** The same account signed in from another device (`user-agent`): its session token. */
export async function signInElsewhere(account: Account, userAgent: string): Promise<string> {
  const token = await signInThroughApi(account, { 'user-agent': userAgent })
  expect(token, `signing ${account.email} in`).not.toBeNull()
  return token!
}

/** The code in the newest of at least `count` mails to `email`, read from the dev outbox as a developer would. */
export async function mailedCode(email: string, count = 1): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mails = (await (await fetch(`${baseUrl()}/__dev/mail?to=${encodeURIComponent(email)}`)).json()) as { text: string }[]
    const code = mails.length >= count ? /\b(\d{6})\b/.exec(mails[0]!.text)?.[1] : undefined
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no code mailed to ${email}`)
}

/** The label of a one-time code's field: its boxes with JavaScript, one plain field without. */
export const CODE_LABEL = { ar: 'الرمز المكوّن من 6 أرقام الوارد في البريد', en: 'The 6-digit code from the email' }

/** The group of a one-time code's boxes. */
export const codeGroup = (page: Page, lang: Lang) => page.getByRole('group', { name: CODE_LABEL[lang] })

/** Six boxes, left to right in both languages: the first has the focus once clicked, and typing fills the rest and submits. */
export async function typeCode(page: Page, lang: Lang, code: string) {
  const boxes = codeGroup(page, lang).getByRole('textbox')
  expect(await boxes.count()).toBe(6)
  expect(await codeGroup(page, lang).getAttribute('dir')).toBe('ltr')
  await boxes.first().click()
  await page.keyboard.type(code, { delay: 30 })
}

/** The account and its session as a sign-up confirmed by its code leaves them: the session's token. */
async function insertAccount(lang: Lang, account: Account): Promise<string> {
  const token = generateSessionToken()
  const tokenHash = await hashSessionToken(token)
  const hash = await passwordHash(account.password)
  return withDb(async (sql) => {
    const [user] = await sql<{ id: string }[]>`
      insert into users (email, name, lang, password_hash, email_verified_at)
      values (${account.email}, ${account.name}, ${lang}, ${hash}, now())
      returning id`
    await insertSession(sql, { userId: user!.id, tokenHash, userAgent: null, ip: null })
    return token
  })
}

/** Deletes the accounts with these addresses (their sessions, follows and the rest go with them): how many went. */
const deleteAccounts = (emails: string[]) =>
  withDb(async (sql) => (await sql`delete from users where lower(email) in ${sql(emails.map((email) => email.toLowerCase()))}`).count)

interface FileFixtures {
  browser: Browser
}

interface TestFixtures {
  /** A page in a context of its own (a visitor of its own); closed after the test. */
  openPage: (options?: PageOptions) => Promise<OpenedPage>
  /** Accounts the test makes; each is deleted after the test. */
  accounts: Accounts
  /** A visitor signed in to a new account (the token cookie set), on a page of their own. */
  signedIn: (lang: Lang, options?: PageOptions) => Promise<OpenedPage & { account: Account & { token: string } }>
}

// Each fixture hands its value over with `provide` (vitest's `use`: React's hooks lint claims that name).
export const it = test.extend<{ $file: FileFixtures; $test: TestFixtures }>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern; the browser has none.
    async ({}, provide) => {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        // Beside the flags the machine's notes ask for: the software compositor, not SwiftShader's
        // GPU stand-in (decision 145). One renderer process for every page saved a little more,
        // but puts a run's pages on one main thread, so it is left out.
        args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--disable-gpu-compositing', '--disable-software-rasterizer'],
      })
      await provide(browser)
      await browser.close()
    },
    { scope: 'file' },
  ],

  openPage: async ({ browser }, provide) => {
    const opened: OpenedPage[] = []
    await provide(async ({ viewport = { width: 1280, height: 800 }, timezoneId, javaScriptEnabled = true } = {}) => {
      // Headless Chromium announces itself as HeadlessChrome, which isbot counts as a crawler;
      // a person's browser does not, and the site treats crawlers differently.
      const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`
      const context = await browser.newContext({
        viewport,
        baseURL: baseUrl(),
        userAgent,
        timezoneId,
        javaScriptEnabled,
        extraHTTPHeaders: visitorAddress(),
      })
      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      const one = { page, errors, close: () => context.close() }
      opened.push(one)
      return one
    })
    for (const one of opened) await one.close()
    for (const one of opened) expect(one.errors, 'console errors').toEqual([])
  },

  accounts: async ({ task }, provide) => {
    const made: Account[] = []
    const fresh = (lang: Lang, name = NAME[lang]) => {
      const account = { name, email: uniqueEmail(`visitor-${lang}`), password: PASSWORD }
      made.push(account)
      return account
    }
    await provide({
      fresh,
      async signUp(lang, name) {
        const account = fresh(lang, name)
        return Object.assign(account, { token: await insertAccount(lang, account) })
      },
    })
    if (made.length === 0) return
    // A failed test may have stopped before its account existed: only a passing one must find
    // each (by the address the test last gave it, which Account holds).
    const deleted = await deleteAccounts(made.map((account) => account.email))
    if (task.result?.state !== 'fail') expect(deleted, `deleting ${made.map((account) => account.email).join(', ')}`).toBe(made.length)
  },

  // Typed by hand: its value is a function of as many parameters as a fixture's, which leaves
  // TypeScript two ways to read this one.
  signedIn: async ({ openPage, accounts }: TestFixtures, provide: (signedIn: TestFixtures['signedIn']) => Promise<void>) => {
    await provide(async (lang, options) => {
      const account = await accounts.signUp(lang)
      const opened = await openPage(options)
      await opened.page.context().addCookies([{ name: 'token', value: account.token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }])
      return { ...opened, account }
    })
  },
})

/**
 * With SCREENSHOTS=1, a screenshot in test-results/, named with the page's width: the whole
 * page, or the screen around `around`. Nothing compares them, so a plain run takes none: they
 * are for a person looking at what a change drew.
 */
export async function shoot(page: Page, name: string, { around }: { around?: Locator } = {}) {
  if (!process.env.SCREENSHOTS) return
  if (around) await around.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await page.screenshot({ path: `test-results/${name}-${page.viewportSize()!.width}.png`, fullPage: !around })
}

/**
 * The reader has started on a protected form, which wakes its captcha (the first touch of
 * the form), and the widget has loaded. A form island holds a submission until it has, but
 * a click that comes before the island itself wakes would post without it.
 */
export async function captchaReady(page: Page) {
  await page.locator('form:has([data-island="captcha"]) input:not([type="hidden"])').first().focus()
  await page.waitForFunction(() => customElements.get('altcha-widget') !== undefined)
}

/** The spam question a form asks without JavaScript ("… what is 3 + 4?"), and its answer. */
export async function spamQuestion(page: Page) {
  const field = page.getByRole('textbox', { name: /\d \+ \d/ })
  const [, a, b] = /(\d) \+ (\d)/.exec((await page.getByText(/\d \+ \d/).textContent()) ?? '') ?? []
  return { field, answer: String(Number(a) + Number(b)) }
}

/** The name of the toasts' region in each language (sonner adds its shortcut after it). */
export const NOTIFICATIONS: Record<Lang, RegExp> = { ar: /^الإشعارات /, en: /^Notifications / }

/** The toasts, hidden ones too (as they leave), in the toaster's region. */
export const toasts = (page: Page) =>
  page.getByRole('region', { name: /^(الإشعارات|Notifications) /, includeHidden: true }).getByRole('listitem', { includeHidden: true })

/** A success toast has appeared (the flash toast of the page we arrived at, say). */
export async function successToast(page: Page) {
  // A toast's kind shows only in its colour and icon, which sonner keys on data-type.
  await toasts(page).and(page.locator('[data-type="success"]')).first().waitFor({ state: 'visible' })
}

/** The login page's fields and button. */
export const SIGN_IN = {
  ar: { identifier: 'البريد الإلكتروني أو رقم الجوال', password: 'كلمة المرور', submit: 'تسجيل الدخول' },
  en: { identifier: 'Email or mobile number', password: 'Password', submit: 'Sign in' },
}

/** Signs in on the login page the browser is at, with the password. */
export async function signInWithPassword(page: Page, lang: Lang, { email, password }: Pick<Account, 'email' | 'password'>) {
  const words = SIGN_IN[lang]
  await captchaReady(page)
  await page.getByLabel(words.identifier, { exact: true }).fill(email)
  await page.getByLabel(words.password, { exact: true }).fill(password)
  await page.getByRole('button', { name: words.submit, exact: true }).click()
}

/**
 * No serious or critical axe violations (WCAG 2.1 AA rules), judged once nothing on the page
 * is moving: a toast sliding in is half transparent, and its colours would be measured so.
 */
export async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  )
  // Legacy mode runs axe in the page itself: the default opens a blank page of its own to
  // gather the frames' results, which doubled each run's CPU (1.6 CPU-seconds to 3.2) for the
  // same verdicts.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(serious).toEqual([])
}
