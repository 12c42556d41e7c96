// npm run bench — builds and starts the site with the embedded database, loads a trivial
// route and the pages with autocannon in one run, and reports requests per second, p50
// and p99 latency, each page's rate against the trivial route, and the bytes (gzip) of
// HTML and JavaScript each page ships, as a browser fetches them.
//
//   npm run bench -- [--seconds 10] [--connections 10]
import autocannon from 'autocannon'
import { chromium } from 'playwright-core'
import postgres from 'postgres'
import { generateSessionToken, hashSessionToken } from '../src/auth/session-token.ts'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { checkEnvironment } from './lib/environment.ts'
import { startSite } from './lib/site.ts'

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
})
const environment = checkEnvironment()

const TRIVIAL = '/api/v1/health'
interface BenchPage {
  name: string
  path: string
  /** Shows what an island costs (the Toaster after a redirect). */
  cookie?: string
}

/** The pages to drive; the data pages are found in the seeded database by name. */
async function pages(databaseUrl: string): Promise<BenchPage[]> {
  const sql = postgres(databaseUrl, { max: 1 })
  try {
    const [row] = await sql<{ club: string; match: string; upcoming: string; player: string; post: string }[]>`
      select (select club_id from club_aliases where alias = 'Liverpool FC') as club,
             (select m.id from matches m join club_aliases h on h.club_id = m.home_club_id and h.alias = 'Argentina'
               join club_aliases a on a.club_id = m.away_club_id and a.alias = 'France'
               where m.kickoff::date = '2022-12-18') as match,
             (select id from matches where status = 'scheduled' and kickoff > now() order by kickoff limit 1) as upcoming,
             (select id from players where name ->> 'en' = 'Lionel Messi' limit 1) as player,
             (select slug_en from posts where kind = 'news' order by published_at desc limit 1) as post`
    return [
      { name: 'home (ar)', path: '/ar' },
      { name: 'home (en)', path: '/en' },
      { name: 'league', path: '/ar/leagues/en.1?season=2023-24' },
      { name: 'club', path: `/ar/club/${row!.club}` },
      { name: 'match', path: `/ar/matches/${row!.match}` },
      { name: 'match to come (countdown)', path: `/ar/matches/${row!.upcoming}` },
      { name: 'player', path: `/ar/player/${row!.player}` },
      { name: 'news list', path: '/ar/news' },
      { name: 'post', path: `/en/news/${row!.post}` },
      { name: 'login', path: '/ar/login' },
      { name: 'sign-up', path: '/en/sign-up' },
      { name: 'password reset', path: '/ar/rest-password' },
      { name: 'profile (signed in)', path: '/ar/profile', cookie: `token=${await benchSession(sql)}` },
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

interface Load {
  rps: number
  p50: number
  p99: number
  errors: number
}

async function load(url: string, cookie?: string): Promise<Load> {
  const result = await autocannon({
    url,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    headers: cookie ? { cookie } : {},
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

/** HTML and JS bytes (gzip) a page ships, counted from what Chromium actually fetched. */
async function weigh(baseUrl: string, path: string, cookie?: string): Promise<{ html: number; js: number }> {
  const browser = await chromium.launch({
    executablePath: environment.chromiumPath,
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
      if (response.request().resourceType() === 'script') scripts.push(response.body())
    })
    const response = await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
    const html = gzipSync(await response!.body()).length
    const js = (await Promise.all(scripts)).reduce((sum, body) => sum + gzipSync(body).length, 0)
    return { html, js }
  } finally {
    await browser.close()
  }
}

const site = await startSite()
try {
  const PAGES = await pages(site.databaseUrl)
  console.log(`bench: ${values.connections} connections, ${values.seconds} s per route, ${site.baseUrl}\n`)
  const trivial = await load(site.baseUrl + TRIVIAL)
  const rows = [{ route: `trivial ${TRIVIAL}`, ...trivial, ratio: 1, html: NaN, js: NaN }]
  for (const page of PAGES) {
    const measured = await load(site.baseUrl + page.path, page.cookie)
    const weight = await weigh(site.baseUrl, page.path, page.cookie)
    rows.push({ route: `${page.name} ${page.path}`, ...measured, ratio: measured.rps / trivial.rps, ...weight })
  }
  const kb = (bytes: number) => (Number.isNaN(bytes) ? '-' : `${(bytes / 1024).toFixed(1)} KB`)
  console.table(
    rows.map((r) => ({
      route: r.route,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'page/trivial': r.ratio.toFixed(2),
      'HTML gzip': kb(r.html),
      'JS gzip': kb(r.js),
      errors: r.errors,
    })),
  )
  if (rows.some((r) => r.errors > 0)) process.exitCode = 1
} finally {
  await site.stop()
}
