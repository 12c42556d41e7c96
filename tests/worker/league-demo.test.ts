// A real league from scratch, proven (issue 34, section 3): `npm run league:demo`'s steps, run
// through the desk API inside the worker, rebuild the Egyptian Premier League 2024/25 from the
// carried openfootball file, and its table equals the imported eg.1 table row for row. A second
// run creates nothing new.
import { describe, expect, it } from 'vitest'
import source from '../../data/openfootball/football.json/2024-25/eg.1.json'
import { buildDemoLeague, DEMO_COMPETITION, type DeskCall, MODEL_COMPETITION, type SourceMatch, tableRows } from '../../scripts/league/demo-league.ts'
import { callApi } from './api-helpers.ts'
import { fetchPage, sql } from './helpers.ts'
import { deskVisitor } from './visitor.ts'

const matches = (source as { matches: SourceMatch[] }).matches

describe('npm run league:demo', () => {
  it('rebuilds Egypt 2024/25 through the desk API, and its table equals the imported one', { timeout: 120_000 }, async () => {
    const { user } = await deskVisitor('editor')
    const call: DeskCall = async (method, path, body) => {
      const answer = await callApi(`desk/${path}`, {
        method,
        bearer: user.token,
        ...(typeof body === 'string' ? { rawBody: body, contentType: 'text/csv' } : { body }),
      })
      return { status: answer.status, body: answer.body }
    }
    const seasonId = await buildDemoLeague(call, matches)
    const table = async (competition: string) => tableRows(await (await fetchPage(`/en/leagues/${competition}?season=2024-25`)).text())
    const imported = await table(MODEL_COMPETITION)
    expect(imported).toHaveLength(18)
    expect(await table(DEMO_COMPETITION)).toEqual(imported)
    // Every match is the desk's own, and the clubs are the ones Hadaf held: none was created.
    const [made] = await sql()<{ matches: number; clubs: number; desk: number }[]>`
      select count(*)::int as matches, count(distinct home_club_id)::int as clubs,
        count(*) filter (where source_key like 'desk:%')::int as desk
      from matches where season_id = ${seasonId}`
    expect(made).toEqual({ matches: matches.length, clubs: 18, desk: matches.length })
    // Run again, it finds what it made.
    expect(await buildDemoLeague(call, matches)).toBe(seasonId)
    const [again] = await sql()<{ n: number }[]>`select count(*)::int as n from matches where season_id = ${seasonId}`
    expect(again!.n).toBe(matches.length)
  })
})
