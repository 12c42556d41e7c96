// What the where-to-watch tests make for themselves: channels through the desk API, and
// matches and rounds nobody else's test touches.
import { expect } from 'vitest'
import { callApi } from './api-helpers.ts'
import { sql, type TestUser } from './helpers.ts'

export const unique = () => crypto.randomUUID().slice(0, 8)

export function newChannel(overrides: Record<string, unknown> = {}) {
  const tag = unique()
  return {
    name: { ar: `قناة الملاعب ${tag}`, en: `Stadium TV ${tag}` },
    free_to_air: true,
    countries: ['sa', 'EG', 'EG', ' AE '],
    url: 'https://stadium.example/live',
    reception: { ar: 'نايل سات', en: 'Nilesat' },
    ...overrides,
  }
}

export async function addChannel(editor: TestUser, body: Record<string, unknown> = newChannel()): Promise<string> {
  const res = await callApi<{ id: string }>('desk/channels', { body, bearer: editor.token })
  expect(res.status).toBe(201)
  return res.body.data!.id
}

/** A match nobody else's test touches: a fixture of its own between two clubs that exist. */
export async function ownMatch(): Promise<number> {
  const [row] = await sql()<{ id: number }[]>`
    insert into matches (season_id, kickoff, home_club_id, away_club_id, status, source_key)
    select m.season_id, now() + interval '3 days', m.home_club_id, m.away_club_id, 'scheduled', ${`test:broadcasts:${unique()}`}
    from matches m where not m.demo order by m.id limit 1
    returning id::int`
  return row!.id
}

/** A season of the test's own with `count` matches in one round, and one in another. */
export async function ownRound(count: number): Promise<{ season: number; round: string; matches: number[] }> {
  const tag = unique()
  await sql()`insert into competitions (id, kind, name, short_name) values (${`test.${tag}`}, 'league', ${sql().json({ en: `League ${tag}` })}, ${sql().json({ en: tag })})`
  const [season] = await sql()<{ id: number }[]>`insert into seasons (competition_id, label) values (${`test.${tag}`}, '2026/27') returning id::int`
  const [pair] = await sql()<{ home: number; away: number }[]>`select home_club_id::int as home, away_club_id::int as away from matches where not demo order by id limit 1`
  const insert = async (round: string, n: number) => {
    const [row] = await sql()<{ id: number }[]>`
      insert into matches (season_id, round, kickoff, home_club_id, away_club_id, status, source_key)
      values (${season!.id}, ${round}, now() + ${`${n + 1} days`}::interval, ${pair!.home}, ${pair!.away}, 'scheduled', ${`test:round:${tag}:${round}:${n}`})
      returning id::int`
    return row!.id
  }
  const matches: number[] = []
  for (let n = 0; n < count; n++) matches.push(await insert('Matchday 7', n))
  await insert('Matchday 8', 9)
  return { season: season!.id, round: 'Matchday 7', matches }
}
