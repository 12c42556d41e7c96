// npm run league:demo [-- --base http://localhost:8787]
// Builds the Egyptian Premier League 2024/25 through the desk API of a running site (`npm
// start`), as the editor account it makes itself, under the competition id `demo.eg1`, from the
// carried openfootball file; then checks its table against the imported eg.1 2024/25 table,
// row for row (issue 34, section 3). BASE or --base names the site.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { openDatabase } from './lib/database.ts'
import { checkEnvironment } from './lib/environment.ts'
import { buildDemoLeague, DEMO_COMPETITION, DEMO_SEASON, type DeskCall, MODEL_COMPETITION, type SourceMatch, tableRows } from './league/demo-league.ts'
import { editorToken } from './live/editor-api.ts'

const SOURCE = new URL('../data/openfootball/football.json/2024-25/eg.1.json', import.meta.url)
const EDITOR = { email: 'league-demo@hadaf.invalid', name: 'Hadaf league demo' }

const { values } = parseArgs({ options: { base: { type: 'string', default: process.env.BASE ?? 'http://localhost:8787' } } })
const base = values.base.replace(/\/$/, '')

checkEnvironment()
const db = await openDatabase()
const sql = postgres(db.url, { max: 1, onnotice: () => {} })
try {
  const token = await editorToken(sql, EDITOR)
  const call: DeskCall = async (method, path, body) => {
    const res = await fetch(`${base}/api/v1/desk/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'en',
        ...(body !== undefined && { 'content-type': typeof body === 'string' ? 'text/csv' : 'application/json' }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as { data?: unknown } }
  }
  const { matches } = JSON.parse(readFileSync(SOURCE, 'utf8')) as { matches: SourceMatch[] }
  const started = performance.now()
  await buildDemoLeague(call, matches, console.log)
  console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  const season = DEMO_SEASON.replace('/', '-')
  const table = async (competition: string) => tableRows(await (await fetch(`${base}/en/leagues/${competition}?season=${season}`)).text())
  const [demo, imported] = [await table(DEMO_COMPETITION), await table(MODEL_COMPETITION)]
  const differing = demo.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(imported[i]))
  if (demo.length === 0 || demo.length !== imported.length || differing >= 0) {
    console.error(`${DEMO_COMPETITION}'s table differs from ${MODEL_COMPETITION}'s: ${demo.length} rows against ${imported.length}; first differing row ${differing + 1}:`)
    console.error(`  ${JSON.stringify(demo[differing] ?? null)}\n  ${JSON.stringify(imported[differing] ?? null)}`)
    process.exitCode = 1
  } else {
    console.log(`${base}/en/leagues/${DEMO_COMPETITION}?season=${season}: its ${demo.length} rows equal ${MODEL_COMPETITION}'s, row for row`)
  }
} finally {
  await sql.end()
  await db.stop()
}
