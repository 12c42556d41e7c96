// The newsroom's demonstration (issue 34, section 3): the Egyptian Premier League 2024/25, as
// it really happened, built through the desk API alone under the competition id `demo.eg1`.
// It does what an editor would: picks the clubs Hadaf holds by their names (creating those it
// lacks), makes the competition and its season, sends the federation's fixture list as CSV
// (checked first, then written), and enters the results a round at a time, the one forfeit as
// an awarded match with its reason. Runs against any caller of the API (a running site over
// HTTP, or the worker itself in the tests), so it holds no Node-only code.

/** A match of an openfootball football.json season file (lib/openfootball). */
export interface SourceMatch {
  round: string
  date: string
  time?: string
  team1: string
  team2: string
  score?: { ft?: [number, number]; ht?: [number, number] }
  status?: string
}

/** One desk API call: its answer's status and envelope. */
export type DeskCall = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, body?: unknown) => Promise<{ status: number; body: { data?: unknown; message?: string; errors?: unknown } }>

export const DEMO_COMPETITION = 'demo.eg1'
export const DEMO_SEASON = '2024/25'
/** The competition whose rules the demonstration copies, and whose imported table it must equal. */
export const MODEL_COMPETITION = 'eg.1'

interface Club {
  id: string
  name: { ar?: string; en?: string }
  aliases: string[]
}

/** The answer's data, or an error naming the call and what it answered. */
async function data<T>(call: DeskCall, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, body?: unknown, ok: number[] = [200, 201]): Promise<T> {
  const answer = await call(method, path, body)
  if (!ok.includes(answer.status)) throw new Error(`${method} /desk/${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 600)}`)
  return answer.body.data as T
}

const fold = (name: string) => name.trim().toLowerCase()

/** The club Hadaf holds under `name` (its name or an alias, either language), as an editor finds it with the desk's search; else a new one. */
async function clubFor(call: DeskCall, name: string, log: (line: string) => void): Promise<string> {
  const found = await data<Club[]>(call, 'GET', `clubs?q=${encodeURIComponent(name)}&limit=20`)
  const club = found.find((c) => [c.name.en, c.name.ar, ...c.aliases].some((n) => n !== undefined && fold(n) === fold(name)))
  if (club) return club.id
  log(`  ${name}: not held, created`)
  const made = await data<Club>(call, 'POST', 'clubs', { name: { en: name, ar: name }, country: 'EG', aliases: [name] })
  return made.id
}

/** A CSV field, quoted when it holds a comma, a quote or a line end (RFC 4180). */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)

/** The federation's list as the desk takes it: `date,time,home,away,round,venue`, times in Cairo. */
export function fixtureCsv(matches: SourceMatch[]): string {
  const rows = matches.map((m) => [m.date, m.time ?? '', m.team1, m.team2, m.round, ''].map(csvField).join(','))
  return ['date,time,home,away,round,venue', ...rows].join('\r\n')
}

interface Season {
  id: string
  label: string
  competition: { id: string }
}

interface Competition {
  id: string
  rules: unknown
}

interface FixtureAnswer {
  planned: number
  created: number
  matches: { line: number; id: string | number | null }[]
  refused: { line: number; message: string }[]
}

/** The most results the desk takes in one form. */
const RESULTS_PER_CALL = 100

/**
 * Builds the demonstration league from `matches` (the carried eg.1 2024/25 file) and answers
 * its season's id. Run again, it creates nothing new: the competition, season and fixtures it
 * finds are kept, and the results are entered again as they are.
 */
export async function buildDemoLeague(call: DeskCall, matches: SourceMatch[], log: (line: string) => void = () => {}): Promise<string> {
  const model = await data<Competition>(call, 'GET', `competitions/${MODEL_COMPETITION}`)
  const existing = await call('GET', `competitions/${DEMO_COMPETITION}`)
  if (existing.status === 404) {
    log(`competition ${DEMO_COMPETITION}: created with ${MODEL_COMPETITION}'s rules`)
    await data(call, 'POST', 'competitions', {
      id: DEMO_COMPETITION,
      kind: 'league',
      name: { ar: 'الدوري المصري الممتاز (عرض المكتب)', en: 'Egyptian Premier League (desk demo)' },
      short_name: { ar: 'الدوري المصري (عرض)', en: 'Egypt (demo)' },
      country: 'EG',
      timezone: 'Africa/Cairo',
      rules: model.rules,
    })
  }

  const seasons = await data<Season[]>(call, 'GET', 'seasons')
  let season = seasons.find((s) => s.competition.id === DEMO_COMPETITION && s.label === DEMO_SEASON)
  season ??= await data<Season>(call, 'POST', 'seasons', { competition_id: DEMO_COMPETITION, label: DEMO_SEASON })
  log(`season ${DEMO_SEASON}: ${season.id}`)

  const names = [...new Set(matches.flatMap((m) => [m.team1, m.team2]))].sort()
  const clubs = new Map<string, string>()
  for (const name of names) clubs.set(name, await clubFor(call, name, log))
  await data(call, 'PUT', `seasons/${season.id}/clubs`, [...new Set(clubs.values())].map(Number))
  log(`clubs: ${clubs.size}`)

  const csv = fixtureCsv(matches)
  const check = await data<FixtureAnswer>(call, 'POST', `seasons/${season.id}/fixtures?dry_run=1`, csv)
  if (check.refused.length > 0) throw new Error(`the fixture list was refused: ${JSON.stringify(check.refused.slice(0, 5))}`)
  const written = await data<FixtureAnswer>(call, 'POST', `seasons/${season.id}/fixtures`, csv)
  log(`fixtures: ${written.created} created, ${written.matches.length - written.created} already there`)

  // Line 1 is the header: the source's nth match is line n + 1.
  const idOf = new Map(written.matches.map((m) => [m.line, Number(m.id)]))
  const played = matches.flatMap((m, i) => (m.score?.ft ? [{ match: m, id: idOf.get(i + 2)!, ft: m.score.ft }] : []))
  const finished = played.filter((p) => p.match.status !== 'awarded')
  for (let i = 0; i < finished.length; i += RESULTS_PER_CALL) {
    const results = finished.slice(i, i + RESULTS_PER_CALL).map((p) => ({ match_id: p.id, ft: p.ft, ...(p.match.score?.ht && { ht: p.match.score.ht }) }))
    await data(call, 'POST', `seasons/${season.id}/results`, { results })
  }
  for (const p of played.filter((each) => each.match.status === 'awarded')) {
    await data(call, 'PATCH', `matches/${p.id}`, {
      status: 'awarded',
      score: { ft: p.ft },
      reason: {
        ar: 'احتُسبت النتيجة بقرار من رابطة الأندية بعد عدم حضور أحد الفريقين.',
        en: 'Result awarded by the league after one side did not turn up.',
      },
    })
  }
  log(`results: ${finished.length} entered, ${played.length - finished.length} awarded`)
  return season.id
}

/**
 * A league page's table as rows of text: each row's club id and its cells (place, played, won,
 * drawn, lost, goals, points, form), so two pages' tables compare row for row.
 */
export function tableRows(html: string): string[][] {
  const table = /<table class="standings[^"]*"[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? ''
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) => {
    const club = /\/club\/(\d+)/.exec(row!)?.[1] ?? ''
    const cells = [...row!.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map(([, cell]) => cell!.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim())
    return [club, ...cells]
  })
}
