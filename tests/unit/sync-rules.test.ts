// The syncs' pure rules: football-data.org's statuses and seasons onto ours, the request
// budget of its free tier, openfootball's current season, and the parsers' path helpers.
import { describe, expect, it } from 'vitest'
import { basename, dirname, extname } from '../../lib/openfootball/file-path.ts'
import { blockedAfterRefusal, type Budget, spend } from '../../src/sync/budget.ts'
import { fixtureOf, type ProviderMatch, seasonLabel, statusOf } from '../../src/sync/football-data-map.ts'
import { withSeason } from '../../src/sync/openfootball.ts'
import { nextRunAt } from '../../src/sync/run.ts'

describe('football-data.org statuses', () => {
  it.each([
    ['SCHEDULED', 'scheduled'],
    ['TIMED', 'scheduled'],
    ['IN_PLAY', 'live'],
    ['PAUSED', 'live'],
    ['EXTRA_TIME', 'live'],
    ['PENALTY_SHOOTOUT', 'live'],
    ['FINISHED', 'finished'],
    ['AWARDED', 'awarded'],
    ['SUSPENDED', 'suspended'],
    ['POSTPONED', 'postponed'],
    ['CANCELLED', 'cancelled'],
  ])('maps %s to %s', (provider, ours) => {
    expect(statusOf(provider)).toBe(ours)
  })

  it('knows no status it was not told about', () => {
    expect(statusOf('CANCELED')).toBeUndefined()
    expect(statusOf('in_play')).toBeUndefined()
  })

  it('labels a season across two years 2026/27 and one inside a year 2026', () => {
    expect(seasonLabel('2026-08-14', '2027-05-23')).toBe('2026/27')
    expect(seasonLabel('2099-08-01', '2100-05-01')).toBe('2099/00')
    expect(seasonLabel('2026-06-11', '2026-07-19')).toBe('2026')
  })
})

describe('a football-data.org match as a fixture', () => {
  const match = (over: Partial<ProviderMatch> = {}): ProviderMatch => ({
    id: 537_785,
    utcDate: '2026-11-28T15:00:00Z',
    status: 'FINISHED',
    matchday: 13,
    season: { startDate: '2026-08-14', endDate: '2027-05-23' },
    homeTeam: { id: 57, name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS' },
    awayTeam: { id: 61, name: 'Chelsea FC', shortName: 'Chelsea', tla: 'CHE' },
    score: { fullTime: { home: 2, away: 1 }, halfTime: { home: 1, away: null } },
    ...over,
  })

  it('keeps the names to find each club by, the round and both scores it has', () => {
    expect(fixtureOf(match(), 'PL')).toEqual({
      source: 'football-data',
      externalId: '537785',
      competitionId: 'en.1',
      season: '2026/27',
      round: '13',
      kickoff: '2026-11-28T15:00:00.000Z',
      kickoffTimeKnown: true,
      home: ['Arsenal FC', 'Arsenal'],
      away: ['Chelsea FC', 'Chelsea'],
      status: 'finished',
      ft: [2, 1],
      ht: null,
      pen: null,
    })
  })

  it('skips what it cannot place: an unknown status, a competition the site lacks, a tie not yet drawn', () => {
    expect(fixtureOf(match({ status: 'HALFTIME' }), 'PL')).toEqual({ skipped: 'match 537785: unknown status HALFTIME' })
    expect(fixtureOf(match(), 'ELC')).toHaveProperty('skipped')
    expect(fixtureOf(match({ homeTeam: { id: null, name: null } }), 'CL')).toEqual({ skipped: 'match 537785: teams not known yet' })
  })
})

describe('the request budget', () => {
  const start: Budget = { windowStart: 0, used: 0, blockedUntil: 0 }

  it('allows 10 requests in a minute and refuses the eleventh', () => {
    let budget = start
    const answers: boolean[] = []
    for (let i = 0; i < 11; i++) {
      const { allowed, next } = spend(budget, 1_000 + i * 1_000)
      answers.push(allowed)
      budget = next
    }
    expect(answers).toEqual([...Array<boolean>(10).fill(true), false])
    expect(budget.used).toBe(10)
  })

  it('starts a new minute once 60 seconds have passed since the window began', () => {
    const full: Budget = { windowStart: 10_000, used: 10, blockedUntil: 0 }
    expect(spend(full, 69_999).allowed).toBe(false)
    expect(spend(full, 70_000)).toEqual({ allowed: true, next: { windowStart: 70_000, used: 1, blockedUntil: 0 } })
  })

  it('refuses everything until a 429 reset, whatever the count', () => {
    expect(spend({ ...start, blockedUntil: 50_000 }, 49_999).allowed).toBe(false)
    expect(spend({ ...start, blockedUntil: 50_000 }, 50_000).allowed).toBe(true)
  })

  it('waits as long as X-RequestCounter-Reset says, else Retry-After, else a minute', () => {
    const headers = (h: Record<string, string>) => new Headers(h)
    expect(blockedAfterRefusal(1_000, headers({ 'X-RequestCounter-Reset': '37', 'Retry-After': '5' }))).toBe(38_000)
    expect(blockedAfterRefusal(1_000, headers({ 'Retry-After': '5' }))).toBe(6_000)
    expect(blockedAfterRefusal(1_000, headers({ 'X-RequestCounter-Reset': 'soon' }))).toBe(61_000)
    expect(blockedAfterRefusal(1_000, headers({}))).toBe(61_000)
  })
})

describe('when the syncs run', () => {
  it('fills openfootball URLs with the current season, which starts in July', () => {
    const url = 'https://raw.githubusercontent.com/openfootball/football.json/master/{season}/en.1.json'
    expect(withSeason(url, new Date('2026-11-26T06:00:00Z'))).toContain('/2026-27/en.1.json')
    expect(withSeason(url, new Date('2027-03-01T00:00:00Z'))).toContain('/2026-27/')
    expect(withSeason(url, new Date('2099-07-01T00:00:00Z'))).toContain('/2099-00/')
  })

  it('runs football-data each minute and openfootball each hour after the last run', () => {
    const last = new Date('2026-11-26T06:00:00Z')
    const now = new Date('2026-11-26T06:00:30Z')
    expect(nextRunAt('football-data', last, now).toISOString()).toBe('2026-11-26T06:01:00.000Z')
    expect(nextRunAt('openfootball', last, now).toISOString()).toBe('2026-11-26T07:00:00.000Z')
    expect(nextRunAt('openfootball', null, now)).toEqual(now)
  })
})

describe('the parsers’ path helpers', () => {
  it('read URL paths and file paths as node:path does', () => {
    expect(basename('https://x.test/football.json/2025-26/en.1.json')).toBe('en.1.json')
    expect(basename('data/2025-26/en.1.json', '.json')).toBe('en.1')
    expect(basename('.json', '.json')).toBe('.json')
    expect(dirname('data/football.json/2025-26/en.1.json')).toBe('data/football.json/2025-26')
    expect(dirname('en.1.json')).toBe('.')
    expect(dirname('/en.1.json')).toBe('/')
    expect(extname('2024-25_sa1.txt')).toBe('.txt')
    expect(extname('.clubs')).toBe('')
    expect(extname('README')).toBe('')
  })
})
