// npm run bench -- --scenario fixtures: a federation's season in one list (issue 34). The bench
// starts the site on a throwaway embedded database, makes a league of its own with C clubs
// named in both languages, and sends the double round robin, C × (C − 1) lines, to the desk's
// bulk call: a dry run, the write, and the same list again (which must make nothing). The
// issue's figure: 306 fixtures (18 clubs) written in under 5 s on this machine.
//
//   npm run bench -- --scenario fixtures [--clubs 18] [--server workerd|preview] [--target URL]
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { editorToken } from '../live/editor-api.ts'
import { benchServer, machineLoad, serverKind, UsageError, wholeOption } from './server.ts'

const WRITE_MS = 5000

/** A league in Cairo's zone with `count` clubs; the clubs' English names. */
async function ownLeague(sql: postgres.Sql, count: number): Promise<{ seasonId: number; clubs: string[] }> {
  const tag = crypto.randomUUID().slice(0, 8)
  const competition = `bench.${tag}`
  await sql`insert into competitions (id, kind, name, short_name, timezone)
    values (${competition}, 'league', ${sql.json({ en: `Bench League ${tag}`, ar: `دوري القياس ${tag}` })}, ${sql.json({ en: tag })}, 'Africa/Cairo')`
  const [season] = await sql<{ id: number }[]>`insert into seasons (competition_id, label) values (${competition}, '2026/27') returning id::int`
  const clubs = Array.from({ length: count }, (_, i) => `Bench Club ${i + 1} ${tag}`)
  for (const [i, en] of clubs.entries()) {
    await sql`insert into clubs (name, short_name, source_key)
      values (${sql.json({ en, ar: `نادي القياس ${i + 1} ${tag}` })}, ${sql.json({ en })}, ${`bench:fixtures:${tag}:${i}`})`
  }
  return { seasonId: season!.id, clubs }
}

/** Every club at home to every other, a round a week from December: the circle method's order does not matter here. */
function doubleRoundRobin(clubs: string[]): string {
  const lines = ['date,time,home,away,round,venue']
  let n = 0
  for (const home of clubs) {
    for (const away of clubs) {
      if (home === away) continue
      const round = Math.floor(n++ / (clubs.length / 2)) + 1
      const day = new Date(Date.UTC(2026, 11, 1) + round * 7 * 86_400_000).toISOString().slice(0, 10)
      lines.push(`${day},20:00,${home},${away},Matchday ${round},`)
    }
  }
  return lines.join('\n')
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { clubs: { type: 'string', default: '18' }, server: { type: 'string', default: 'workerd' }, target: { type: 'string' } } })
  const count = wholeOption('clubs', values.clubs, 2, 44)
  const target = await benchServer({ target: values.target, server: serverKind(values.server) })
  try {
    const sql = postgres(target.databaseUrl, { max: 1, onnotice: () => {} })
    const { token, league } = await (async () => ({ league: await ownLeague(sql, count), token: await editorToken(sql) }))().finally(() => sql.end())
    const list = doubleRoundRobin(league.clubs)
    const lines = count * (count - 1)
    console.log(`bench fixtures: ${target.described}; ${count} clubs, ${lines} lines; ${machineLoad()}\n`)
    const send = async (dryRun: boolean) => {
      const at = performance.now()
      const res = await fetch(`${target.baseUrl}/api/v1/desk/seasons/${league.seasonId}/fixtures${dryRun ? '?dry_run=1' : ''}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'accept-language': 'en' },
        body: list,
      })
      const body = (await res.json()) as { data?: { planned: number; created: number; refused: unknown[] } }
      const ms = Math.round(performance.now() - at)
      if (!res.ok || !body.data) throw new UsageError(`the list answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`)
      return { ms, ...body.data }
    }
    const dry = await send(true)
    const write = await send(false)
    const again = await send(false)
    console.log(`dry run          ${dry.ms} ms, ${dry.planned} planned, ${dry.refused.length} refused`)
    console.log(`write            ${write.ms} ms, ${write.created} created (goal under ${WRITE_MS} ms)`)
    console.log(`the same again   ${again.ms} ms, ${again.created} created`)
    if (write.created !== lines || again.created !== 0 || write.ms > WRITE_MS) process.exitCode = 1
  } finally {
    await target.stop()
  }
}
