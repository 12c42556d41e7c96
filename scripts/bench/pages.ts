// npm run bench (the pages scenario, the default) — builds and starts the site with the
// embedded database, and measures a trivial route and every page type in both languages in one run: the workerd process's CPU
// time per request (over sequential requests, after a warm-up), rendered (each request at an
// address the edge cache has not seen) and from the edge cache; requests per second with p50
// and p99 latency under load; and the bytes (gzip) of HTML and of the JavaScript each page
// ships before a touch and once every island has woken, as a browser fetches them; and
// Lighthouse's mobile performance score and CLS (Debian's Chromium, Lighthouse's default
// mobile emulation and simulated throttling), from the median of several runs with their
// spread. It exits 1 when a page misses a goal of issue 14 (GOALS below), so it guards
// against regressions.
//
//   npm run bench -- [--scenario pages] [--seconds 10] [--connections 10] [--requests 100] [--lighthouse-runs 3] [--no-lighthouse] [--page NAME]…
import autocannon from 'autocannon'
import lighthouse, { type Result as LighthouseResult } from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { chromium } from 'playwright-core'
import postgres from 'postgres'
import { generateSessionToken, hashSessionToken } from '../../src/auth/session-token.ts'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import type { Locale } from '../../lib/locales.ts'
import { checkEnvironment } from '../lib/environment.ts'
import { cpuMilliseconds, descendantsNamed } from '../lib/process-cpu.ts'
import { startSite } from '../lib/site.ts'
import { UsageError } from './server.ts'

interface Options {
  seconds: number
  connections: number
  requests: number
  /**
   * One Lighthouse run is too noisy to guard with: on a quiet machine one run gave a page 78
   * and three more gave it 97, 98 and 99. Lighthouse's documentation says to judge by an
   * aggregate, such as the median, never by one run ("the median Lighthouse score of 5 runs is
   * twice as stable as 1 run"), and from Node to pick the median run with its computeMedianRun
   * (docs/variability.md, "Run Lighthouse Multiple Times", in GoogleChrome/lighthouse).
   */
  lighthouseRuns: number
  chromiumPath: string
}

function options(args: string[]): Options & { lighthouse: boolean; pages: string[] } {
  const { values } = parseArgs({
    args,
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      requests: { type: 'string', default: '100' },
      'lighthouse-runs': { type: 'string', default: '3' },
      'no-lighthouse': { type: 'boolean', default: false },
      /** Only these page types (PAGES' names, e.g. --page match --page home); all when none is given. */
      page: { type: 'string', multiple: true, default: [] },
    },
  })
  const lighthouseRuns = Number(values['lighthouse-runs'])
  if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 3) {
    throw new UsageError(`--lighthouse-runs is "${values['lighthouse-runs']}"; give a whole number, 3 or more: the median of fewer runs is no steadier than one`)
  }
  return {
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    requests: Number(values.requests),
    lighthouseRuns,
    lighthouse: !values['no-lighthouse'],
    pages: values.page,
    chromiumPath: checkEnvironment().chromiumPath,
  }
}

/** Issue 14's goals: CPU per request against the trivial route's, and bytes before interaction. */
const GOALS = { cpuRatio: 2, cachedCpuRatio: 1.5, jsBytes: 15 * 1024, jsAwakeBytes: 80 * 1024, htmlBytes: 60 * 1024, performance: 98, cls: 0.02 }

const TRIVIAL = '/api/v1/health'
const LANGS: Locale[] = ['ar', 'en']

interface BenchPage {
  name: string
  path: (lang: Locale) => string
  /** Shows what an island costs (the Toaster after a redirect). */
  cookie?: string
}

/** The pages to drive; the data pages are found in the seeded database by name. */
async function pages(databaseUrl: string): Promise<BenchPage[]> {
  const sql = postgres(databaseUrl, { max: 1 })
  try {
    const [row] = await sql<{ club: string; match: string; upcoming: string; player: string; post_ar: string; post_en: string }[]>`
      select (select club_id from club_aliases where alias = 'Liverpool FC') as club,
             (select m.id from matches m join club_aliases h on h.club_id = m.home_club_id and h.alias = 'Argentina'
               join club_aliases a on a.club_id = m.away_club_id and a.alias = 'France'
               where m.kickoff::date = '2022-12-18') as match,
             (select id from matches where status = 'scheduled' and kickoff > now() order by kickoff limit 1) as upcoming,
             (select id from players where name ->> 'en' = 'Lionel Messi' limit 1) as player,
             (select slug_ar from posts where kind = 'news' order by published_at desc limit 1) as post_ar,
             (select slug_en from posts where kind = 'news' order by published_at desc limit 1) as post_en`
    // A match in play: the next match to come after the first is put under way, 1–0 in the 67th minute.
    const [live] = await sql<{ id: string }[]>`
      update matches set status = 'live', minute = 67, ft_home = 1, ft_away = 0
      where id = (select id from matches where status = 'scheduled' and kickoff > now() and id <> ${row!.upcoming} order by kickoff limit 1)
      returning id`
    const post = { ar: encodeURIComponent(row!.post_ar), en: row!.post_en }
    return [
      { name: 'home', path: (lang) => `/${lang}` },
      { name: 'league', path: (lang) => `/${lang}/leagues/en.1?season=2023-24` },
      { name: 'club', path: (lang) => `/${lang}/club/${row!.club}` },
      { name: 'matches of the day', path: (lang) => `/${lang}/matches` },
      { name: 'match', path: (lang) => `/${lang}/matches/${row!.match}` },
      { name: 'match to come', path: (lang) => `/${lang}/matches/${row!.upcoming}` },
      { name: 'match in play', path: (lang) => `/${lang}/matches/${live!.id}` },
      { name: 'player', path: (lang) => `/${lang}/player/${row!.player}` },
      { name: 'news list', path: (lang) => `/${lang}/news` },
      { name: 'post', path: (lang) => `/${lang}/news/${post[lang]}` },
      { name: 'search', path: (lang) => `/${lang}/search?q=${encodeURIComponent(lang === 'ar' ? 'صلاح' : 'Salah')}` },
      { name: 'login', path: (lang) => `/${lang}/login` },
      { name: 'sign-up', path: (lang) => `/${lang}/sign-up` },
      { name: 'password reset', path: (lang) => `/${lang}/rest-password` },
      { name: 'profile (signed in)', path: (lang) => `/${lang}/profile`, cookie: `token=${await benchSession(sql)}` },
      { name: 'my hadaf (signed in)', path: (lang) => `/${lang}/my`, cookie: `token=${await benchFollower(sql, row!.club, row!.upcoming)}` },
    ]
  } finally {
    await sql.end()
  }
}

/** A reader with a session, so the profile page can be measured as its owner sees it. */
async function benchSession(sql: postgres.Sql): Promise<string> {
  const token = generateSessionToken()
  await sql`
    with reader as (
      insert into users (email, name, email_verified_at) values ('bench@example.test', 'Bench Reader', now())
      on conflict (lower(email)) do update set name = excluded.name
      returning id
    )
    insert into sessions (user_id, token_hash, expires_at)
    select id, ${await hashSessionToken(token)}, now() + interval '1 day' from reader`
  return token
}

/**
 * The bench reader, following what fills every part of My Hadaf: Liverpool, the Premier
 * League and the next match to come (which has broadcasts, so its channel shows).
 */
async function benchFollower(sql: postgres.Sql, club: string, upcoming: string): Promise<string> {
  const token = await benchSession(sql)
  await sql`
    with reader as (select id from users where lower(email) = 'bench@example.test')
    insert into follows (user_id, type, club_id, competition_id, match_id)
    select reader.id, target.type, target.club_id, target.competition_id, target.match_id from reader,
      (values ('club', ${club}::bigint, null, null::bigint), ('competition', null, 'en.1', null), ('match', null, null, ${upcoming}::bigint))
        as target (type, club_id, competition_id, match_id)
    on conflict do nothing`
  return token
}

interface Load {
  rps: number
  p50: number
  p99: number
  errors: number
}

async function load(opts: Options, url: string, cookie?: string): Promise<Load> {
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: cookie ? { cookie } : {},
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

/**
 * HTML bytes (as sent, and gzip) and JS bytes (gzip) a page ships, counted from what Chromium
 * fetched: before any touch, and after every island was touched and the page scrolled through.
 */
async function weigh(opts: Options, baseUrl: string, path: string, cookie?: string): Promise<{ htmlRaw: number; html: number; js: number; jsAwake: number }> {
  const browser = await chromium.launch({
    executablePath: opts.chromiumPath,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  })
  try {
    const context = await browser.newContext({
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`,
    })
    if (cookie) {
      const [name, value] = cookie.split('=') as [string, string]
      await context.addCookies([{ name, value, url: baseUrl }])
    }
    const page = await context.newPage()
    const scripts: Promise<Buffer>[] = []
    page.on('response', (response) => {
      // A script still arriving when the browser closes (after the figures are taken) rejects: it counts as nothing.
      if (response.request().resourceType() === 'script') scripts.push(response.body().catch(() => Buffer.alloc(0)))
    })
    const gzipped = async () => (await Promise.all(scripts)).reduce((sum, script) => sum + gzipSync(script).length, 0)
    const response = await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
    const body = await response!.body()
    const js = await gzipped()
    // A reader who touches every island: focus inside each (its form, for one in a form) and scroll through.
    await page.evaluate(() => {
      for (const marker of document.querySelectorAll('[data-island]')) {
        ;(marker.closest('form') ?? marker).dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
      }
      window.scrollTo(0, document.body.scrollHeight)
    })
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    return { htmlRaw: body.length, html: gzipSync(body).length, js, jsAwake: await gzipped() }
  } finally {
    await browser.close()
  }
}

/** The port Chromium answers the DevTools protocol on for Lighthouse. */
const DEVTOOLS_PORT = 9333

interface Scores {
  /** The median run's mobile performance score (0–100) and CLS. */
  performance: number
  cls: number
  /** The lowest and highest score of all the runs. */
  spread: [number, number]
}

const score = (lhr: LighthouseResult) => Math.round((lhr.categories.performance?.score ?? 0) * 100)

/** Lighthouse on a page, as its visitor meets it, `lighthouseRuns` times one after another (never at once: they would contend for the CPU). */
async function audit(opts: Options, baseUrl: string, path: string, cookie?: string): Promise<Scores> {
  const runs: LighthouseResult[] = []
  for (let i = 0; i < opts.lighthouseRuns; i++) runs.push(await recordedRun(opts, baseUrl, path, cookie))
  const median = computeMedianRun(runs)
  const scores = runs.map(score)
  return { performance: score(median), cls: median.audits['cumulative-layout-shift']?.numericValue ?? NaN, spread: [Math.min(...scores), Math.max(...scores)] }
}

/** How often a run whose trace Chromium did not record is tried again. */
const TRACE_RETRIES = 3

/**
 * A run with a recorded trace. Chromium 156 now and then records none (Lighthouse's
 * NO_NAVSTART: "Something went wrong with recording the trace over your page load. Please run
 * Lighthouse again."): such a run has no metrics at all, so it is run again, as the message
 * asks, rather than counted.
 */
async function recordedRun(opts: Options, baseUrl: string, path: string, cookie?: string): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const lhr = await lighthouseRun(opts, baseUrl, path, cookie)
    if (!lhr.runtimeError || attempt > TRACE_RETRIES) return lhr
    console.error(`bench: Lighthouse on ${path}: ${lhr.runtimeError.code}, running again`)
  }
}

/** One run, in a fresh Chromium, so no run inherits another's cache. */
async function lighthouseRun(opts: Options, baseUrl: string, path: string, cookie?: string): Promise<LighthouseResult> {
  const browser = await chromium.launch({
    executablePath: opts.chromiumPath,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', `--remote-debugging-port=${DEVTOOLS_PORT}`],
  })
  try {
    const result = await lighthouse(baseUrl + path, {
      port: DEVTOOLS_PORT,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`)
    return result.lhr
  } finally {
    await browser.close()
  }
}

/**
 * workerd's CPU time per request, in ms: `requests` sequential requests after a warm-up.
 * `rendered`: each at an address nobody asked for before (an unused utm_ parameter), so the
 * page is rendered every time; otherwise the same address, kept by the edge cache after the first.
 */
async function cpuPerRequest(opts: Options, workerd: number[], url: string, { cookie, rendered = false }: { cookie?: string; rendered?: boolean } = {}): Promise<number> {
  const headers = cookie ? { cookie } : undefined
  let n = 0
  const fetchOnce = async () => {
    const address = rendered ? `${url}${url.includes('?') ? '&' : '?'}utm_source=bench-${++n}` : url
    const res = await fetch(address, { headers })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  }
  for (let i = 0; i < 20; i++) await fetchOnce()
  const requests = opts.requests
  const before = cpuMilliseconds(workerd)
  for (let i = 0; i < requests; i++) await fetchOnce()
  return (cpuMilliseconds(workerd) - before) / requests
}

interface Row extends Load {
  route: string
  cpu: number
  cachedCpu: number
  htmlRaw: number
  html: number
  js: number
  jsAwake: number
  performance: number
  cls: number
  spread: [number, number]
  missed: string[]
}

export async function run(args: string[]): Promise<void> {
  const opts = options(args)
  const site = await startSite()
  try {
    const known = await pages(site.databaseUrl)
    const unknown = opts.pages.filter((name) => !known.some((p) => p.name === name))
    if (unknown.length > 0) throw new Error(`no page type ${unknown.join(', ')}; the bench knows ${known.map((p) => `"${p.name}"`).join(', ')}`)
    const PAGES = opts.pages.length > 0 ? known.filter((p) => opts.pages.includes(p.name)) : known
    const workerd = descendantsNamed(site.pid, 'workerd')
    if (workerd.length === 0) throw new Error('no workerd process runs below the site')
    console.log(`bench: ${opts.connections} connections, ${opts.seconds} s per route, ${opts.requests} requests for CPU, ${site.baseUrl}\n`)
    const trivialCpu = await cpuPerRequest(opts, workerd, site.baseUrl + TRIVIAL)
    const noScores: Scores = { performance: NaN, cls: NaN, spread: [NaN, NaN] }
    const none = { htmlRaw: NaN, html: NaN, js: NaN, jsAwake: NaN, cachedCpu: NaN, ...noScores }
    const rows: Row[] = [{ route: `trivial ${TRIVIAL}`, ...(await load(opts, site.baseUrl + TRIVIAL)), cpu: trivialCpu, ...none, missed: [] }]
    for (const page of PAGES) {
      for (const lang of LANGS) {
        const path = page.path(lang)
        const cpu = await cpuPerRequest(opts, workerd, site.baseUrl + path, { cookie: page.cookie, rendered: true })
        const cachedCpu = await cpuPerRequest(opts, workerd, site.baseUrl + path, { cookie: page.cookie })
        const measured = await load(opts, site.baseUrl + path, page.cookie)
        const weight = await weigh(opts, site.baseUrl, path, page.cookie)
        const scores = opts.lighthouse ? await audit(opts, site.baseUrl, path, page.cookie) : noScores
        // A signed-in page is never kept, so only its rendered cost has a goal.
        const kept = !page.cookie
        const missed = [
          cpu > GOALS.cpuRatio * trivialCpu ? `CPU over ${GOALS.cpuRatio}× the trivial route` : '',
          kept && cachedCpu > GOALS.cachedCpuRatio * trivialCpu ? `cached CPU over ${GOALS.cachedCpuRatio}× the trivial route` : '',
          weight.js > GOALS.jsBytes ? 'JS over 15 KB' : '',
          weight.jsAwake > GOALS.jsAwakeBytes ? 'JS with every island awake over 80 KB' : '',
          weight.htmlRaw > GOALS.htmlBytes ? 'HTML over 60 KB' : '',
          scores.performance < GOALS.performance ? `Lighthouse performance under ${GOALS.performance} (median of ${opts.lighthouseRuns} runs)` : '',
          scores.cls > GOALS.cls ? `CLS over ${GOALS.cls}` : '',
        ].filter(Boolean)
        rows.push({ route: `${page.name} (${lang}) ${decodeURIComponent(path)}`, ...measured, cpu, cachedCpu: kept ? cachedCpu : NaN, ...weight, ...scores, missed })
      }
    }
    const kb = (bytes: number) => (Number.isNaN(bytes) ? '-' : `${(bytes / 1024).toFixed(1)} KB`)
    console.table(
      rows.map((r) => ({
        route: r.route,
        'CPU ms/req': r.cpu.toFixed(1),
        'CPU/trivial': (r.cpu / trivialCpu).toFixed(1),
        'cached CPU ms': Number.isNaN(r.cachedCpu) ? '-' : r.cachedCpu.toFixed(1),
        'cached/trivial': Number.isNaN(r.cachedCpu) ? '-' : (r.cachedCpu / trivialCpu).toFixed(1),
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        HTML: kb(r.htmlRaw),
        'HTML gzip': kb(r.html),
        'JS gzip': kb(r.js),
        'JS awake': kb(r.jsAwake),
        Lighthouse: Number.isNaN(r.performance) ? '-' : r.performance,
        'LH min–max': Number.isNaN(r.performance) ? '-' : `${r.spread[0]}–${r.spread[1]}`,
        CLS: Number.isNaN(r.cls) ? '-' : r.cls.toFixed(3),
        errors: r.errors,
      })),
    )
    const missed = rows.filter((r) => r.missed.length > 0)
    for (const r of missed) console.log(`goal missed: ${r.route}: ${r.missed.join(', ')}`)
    if (rows.some((r) => r.errors > 0) || missed.length > 0) process.exitCode = 1
  } finally {
    await site.stop()
  }
}
