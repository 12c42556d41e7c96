// The matches page's grouping and filters (src/football/match-day.ts, decision 124), without a database.
import { describe, expect, it } from 'vitest'
import type { CompetitionRef } from '../../src/db/football-fragments.ts'
import type { DayBroadcast, DayMatch } from '../../src/db/matches.ts'
import { broadcastsIn, groupByCompetition, keepsMatch } from '../../src/football/match-day.ts'

const competition = (id: string, en: string, ar: string): CompetitionRef => ({ id, name: { en, ar }, short: { en }, kind: 'league' })
const PL = competition('en.1', 'Premier League', 'الدوري الإنجليزي الممتاز')
const EPL = competition('eg.1', 'Egyptian Premier League', 'الدوري المصري الممتاز')
const ALPHA = competition('x.a', 'Alpha Cup', 'كأس ياء')
const OMEGA = competition('x.o', 'Omega Cup', 'كأس ألف')

let ids = 0
function match(c: CompetitionRef, kickoff: string, status: DayMatch['status'] = 'scheduled', broadcasts: DayBroadcast[] = []): DayMatch {
  return { id: ++ids, kickoff: `2031-05-10T${kickoff}:00Z`, status, competition: c, broadcasts } as DayMatch
}

const channel = (countries: string[], freeToAir: boolean): DayBroadcast => ({ channel: { en: 'TV' }, freeToAir, countries, commentators: [] })

describe('groupByCompetition', () => {
  const day = [match(OMEGA, '10:00'), match(ALPHA, '11:00'), match(PL, '12:00'), match(EPL, '13:00'), match(PL, '18:00', 'live')]
  const order = (groups: ReturnType<typeof groupByCompetition>) => groups.map((g) => g.competition.id)

  it('puts the big ones in the desk’s order, then the rest by name in the page’s language', () => {
    expect(order(groupByCompetition(day, { followed: [], big: ['en.1', 'eg.1'] }, 'en'))).toEqual(['en.1', 'eg.1', 'x.a', 'x.o'])
    expect(order(groupByCompetition(day, { followed: [], big: ['en.1', 'eg.1'] }, 'ar'))).toEqual(['en.1', 'eg.1', 'x.o', 'x.a'])
  })

  it('puts the reader’s followed competitions before the big ones, in the reader’s order', () => {
    expect(order(groupByCompetition(day, { followed: ['x.o', 'eg.1'], big: ['en.1', 'eg.1'] }, 'en'))).toEqual(['x.o', 'eg.1', 'en.1', 'x.a'])
  })

  it('lists live matches first in a group, then by kick-off', () => {
    const [pl] = groupByCompetition(day, { followed: [], big: ['en.1'] }, 'en')
    expect(pl!.matches.map((m) => [m.status, m.kickoff.slice(11, 16)])).toEqual([
      ['live', '18:00'],
      ['scheduled', '12:00'],
    ])
  })
})

describe('the reader’s broadcasts and the filters', () => {
  const onTv = match(EPL, '13:00', 'scheduled', [channel(['MA'], false), channel(['EG', 'SA'], true)])
  const live = match(PL, '18:00', 'live', [channel(['MA'], false)])
  const none = { tv: false, free: false, live: false }

  it('keeps the broadcasts covering the country, none without a country', () => {
    expect(broadcastsIn(onTv, 'EG').map((b) => b.freeToAir)).toEqual([true])
    expect(broadcastsIn(onTv, null)).toEqual([])
  })

  it('filters by TV, free to air and live, combined', () => {
    expect([onTv, live].filter((m) => keepsMatch(m, { ...none, tv: true }, 'MA'))).toEqual([onTv, live])
    expect([onTv, live].filter((m) => keepsMatch(m, { ...none, free: true }, 'MA'))).toEqual([])
    expect([onTv, live].filter((m) => keepsMatch(m, { ...none, free: true }, 'SA'))).toEqual([onTv])
    expect([onTv, live].filter((m) => keepsMatch(m, { ...none, live: true, tv: true }, 'EG'))).toEqual([])
    expect([onTv, live].filter((m) => keepsMatch(m, none, null))).toEqual([onTv, live])
  })
})
