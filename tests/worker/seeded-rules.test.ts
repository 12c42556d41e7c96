// The table rules became data (competition_rules, decision 148) without moving a single row:
// every season the seed holds, of every competition the code had rules for, is ordered by the
// seeded data exactly as by the coded rules, kept in tests/support as they were.
import { describe, expect, it } from 'vitest'
import { USUAL_POINTS } from '../../lib/standings.ts'
import type { SeasonRules } from '../../lib/standings-rules.ts'
import { type Deduction, seasonDeductions, type TablesSource, tablesSource } from '../../src/db/football-fragments.ts'
import { type SeasonTables, seasonTables } from '../../src/football/tables.ts'
import { CODED_COMPETITIONS, codedRules } from '../support/coded-standings-rules.ts'
import { sql } from './helpers.ts'

interface HeldSeason {
  id: number
  competition: string
  label: string
}

/** Each table's rows, as place, club and points, with the rules it was ordered by (a cup without a league phase has an empty one, ordered by nothing). */
const rowsOf = ({ league, groups }: SeasonTables) =>
  [['league', league] as const, ...groups].filter(([, t]) => t.rows.length > 0).map(([name, t]) => ({
    name,
    criteria: t.rules.criteria,
    then: t.rules.then,
    rows: t.rows.map((r, i) => [i + 1, r.team, r.points, r.undecided]),
  }))

describe('the seeded table rules', () => {
  it('order every held season of the coded competitions as the coded rules did', async () => {
    const db = sql()
    const seasons = await db<HeldSeason[]>`
      select s.id::int, s.competition_id as competition, s.label from seasons s
      where s.competition_id in ${db(CODED_COMPETITIONS)} and exists (select 1 from matches m where m.season_id = s.id)
      order by s.competition_id, s.label`
    expect(seasons.length).toBeGreaterThan(10)
    for (const season of seasons) {
      const [source] = await db<(TablesSource & { deductions: Deduction[] })[]>`
        select ${tablesSource(db, db`${season.id}::bigint`, 'en', true)}, ${seasonDeductions(db, db`${season.id}::bigint`)} as deductions`
      const fresh = { ...source!, storedTables: null }
      const coded = codedRules(season.competition, season.label)
      const asCoded: SeasonRules[] = [{ from: season.label, points: USUAL_POINTS, criteria: coded.criteria, then: coded.then, zones: [], source: 'code' }]
      const fromData = rowsOf(seasonTables('en', season.id, fresh, source!.deductions))
      const fromCode = rowsOf(seasonTables('en', season.id, { ...fresh, competitionRules: asCoded }, source!.deductions))
      expect(fromData, `${season.competition} ${season.label}`).toEqual(fromCode)
      expect(fromData.length, `${season.competition} ${season.label}`).toBeGreaterThan(0)
    }
  })
})
