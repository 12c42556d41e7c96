// The syncs' pure rules: football-data.org's statuses and seasons onto ours, the request
// budget of its free tier, openfootball's current season, and the parsers' path helpers.
import { describe, expect, it } from 'vitest'
import { basename, dirname, extname } from '../../lib/openfootball/file-path.ts'
import { blockedAfterRefusal, type Budget, spend } from '../../src/sync/budget.ts'
import { fixtureOf, type ProviderMatch, readProviderMatch, seasonLabel, statusOf } from '../../src/sync/football-data-map.ts'
import { withSeason } from '../../src/sync/openfootball.ts'
import { type IncomingFixture, refusedField } from '../../src/sync/fixture.ts'
import { withinQueueCap } from '../../src/sync/queue-cap.ts'
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

describe('a football-data.org match checked against the documented shape', () => {
  const valid = {
    id: 537_785,
    utcDate: '2026-11-28T15:00:00Z',
    status: 'FINISHED',
    matchday: 13,
    stage: 'REGULAR_SEASON',
    competition: { id: 2021, code: 'PL', name: 'Premier League' },
    season: { id: 2403, startDate: '2026-08-14', endDate: '2027-05-23', currentMatchday: 13 },
    homeTeam: { id: 57, name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS', crest: 'https://crests.football-data.org/57.png' },
    awayTeam: { id: 61, name: 'Chelsea FC', shortName: 'Chelsea', tla: 'CHE' },
    score: { winner: 'HOME_TEAM', duration: 'REGULAR', fullTime: { home: 2, away: 1 }, halfTime: { home: 1, away: 0 } },
    referees: [],
  }
  const changed = (path: string, value: unknown) => {
    const match = structuredClone(valid) as Record<string, unknown>
    const keys = path.split('.')
    const parent = keys.slice(0, -1).reduce((at, key) => at[key] as Record<string, unknown>, match)
    if (value === undefined) delete parent[keys.at(-1)!]
    else parent[keys.at(-1)!] = value
    return match
  }

  it('keeps a documented match, without the fields the sync does not read', () => {
    const read = readProviderMatch(valid, 0)
    expect(read).toMatchObject({ id: 537_785, season: { startDate: '2026-08-14', endDate: '2027-05-23' } })
    expect(read).not.toHaveProperty('referees')
    expect(readProviderMatch(changed('score.penalties', { home: 4, away: 3 }), 0)).toHaveProperty('score.penalties', { home: 4, away: 3 })
    expect(readProviderMatch(changed('homeTeam', { id: null, name: null, shortName: null, tla: null }), 0)).not.toHaveProperty('skipped')
  })

  it.each([
    ['score.fullTime.home', -1],
    ['score.fullTime.away', 10 ** 12],
    ['score.halfTime.home', 2 ** 31],
    ['score.fullTime.home', 1.5],
    ['season.startDate', 'abcd'],
    ['season.endDate', undefined],
    ['season.endDate', '2027-02-30'],
    ['utcDate', '+275760-09-13T00:00:00Z'],
    ['utcDate', '2026-11-28 15:00'],
    ['stage', 'GROUP_STAGE'.repeat(20_000)],
    ['homeTeam.name', 'A'.repeat(101)],
    ['awayTeam.shortName', 'Chel\u0000sea'],
    ['homeTeam.name', 'Chel\ud800sea'],
    ['matchday', 1e9],
    ['status', { finished: true }],
    ['season', 'x'.repeat(200_000)],
    ['homeTeam', null],
  ])('skips a match whose %s is %j, naming its id and the field', (field, value) => {
    const read = readProviderMatch(changed(field, value), 0)
    expect(read).toEqual({ skipped: expect.stringMatching(new RegExp(`^match 537785: ${field.replaceAll('.', '\\.')} should be `)) as unknown })
    // What the provider sent is not repeated: it may be of any length.
    expect((read as { skipped: string }).skipped.length).toBeLessThan(200)
  })

  it('skips a season that ends before it starts', () => {
    expect(readProviderMatch(changed('season.endDate', '2026-01-01'), 0)).toEqual({ skipped: 'match 537785: season should be an endDate after its startDate' })
  })

  it('names a match without a usable id by its place in the answer', () => {
    expect(readProviderMatch(changed('id', 'x'), 4)).toEqual({ skipped: 'match number 5 in the answer: id should be a positive whole number' })
    expect(readProviderMatch(null, 0)).toHaveProperty('skipped', expect.stringMatching(/^match number 1 in the answer: /) as unknown)
  })
})

describe("the bounds every sync's fixtures keep", () => {
  const fixture = (over: Partial<IncomingFixture>): IncomingFixture => ({
    source: 'openfootball',
    externalId: '2026-09-12 Home v Away',
    competitionId: 'en.1',
    season: '2026/27',
    round: 'Matchday 4',
    kickoff: '2026-09-12T14:00:00.000Z',
    kickoffTimeKnown: true,
    home: ['Home'],
    away: ['Away'],
    status: 'scheduled',
    ft: null,
    ht: null,
    pen: null,
    ...over,
  })

  it('lets a round and names of up to 100 characters through', () => {
    expect(refusedField(fixture({ round: 'r'.repeat(100), home: ['h'.repeat(100)], away: ['Away', 'a'.repeat(100)] }))).toBeUndefined()
    expect(refusedField(fixture({ round: null }))).toBeUndefined()
  })

  it('names the fixture and its first field past the bound, quoting neither whole', () => {
    const bound = 'should be text of at most 100 characters without control characters or lone surrogates'
    expect(refusedField(fixture({ round: 'r'.repeat(101) }))).toBe(`match 2026-09-12 Home v Away: round ${bound}`)
    expect(refusedField(fixture({ away: ['Away', 'a\u0000b'] }))).toBe(`match 2026-09-12 Home v Away: away ${bound}`)
    expect(refusedField(fixture({ home: ['Chel\ud800sea'] }))).toBe(`match 2026-09-12 Home v Away: home ${bound}`)
    const long = 'h'.repeat(200_000)
    expect(refusedField(fixture({ externalId: `2026-09-12 ${long} v Away`, home: [long] }))).toBe(`match 2026-09-12 ${'h'.repeat(69)}…: home ${bound}`)
  })
})

describe('the cap on teams one run queues', () => {
  const fixture = (home: string, away: string): IncomingFixture => ({
    source: 'football-data',
    externalId: `${home}-${away}`,
    competitionId: 'en.1',
    season: '2026/27',
    round: '1',
    kickoff: '2026-09-12T14:00:00.000Z',
    kickoffTimeKnown: true,
    home: [`${home} FC`, home],
    away: [`${away} FC`, away],
    status: 'scheduled',
    ft: null,
    ht: null,
    pen: null,
  })
  const room = (aliased: string[], waiting: string[] = [], queued = 0) => ({ aliased: new Set(aliased), waiting: new Set(waiting), queued })

  it('holds back the fixtures that would add teams past the cap, and keeps those of known teams', () => {
    const fixtures = [fixture('Known', 'New1'), fixture('New2', 'New3'), fixture('Known', 'Other'), fixture('New1', 'Known'), fixture('New4', 'New5')]
    const { kept, held } = withinQueueCap(fixtures, room(['known', 'other']), { newTeamsPerRun: 3, queueMax: 500 })
    expect(kept.map((f) => f.externalId)).toEqual(['Known-New1', 'New2-New3', 'Known-Other', 'New1-Known'])
    expect(held).toBe(1)
  })

  it('says how many teams the kept fixtures add, so a run of several calls keeps one cap', () => {
    expect(withinQueueCap([fixture('Known', 'New1'), fixture('New1', 'New2')], room(['known']), { newTeamsPerRun: 50, queueMax: 500 }).added).toBe(2)
  })

  it('counts a team already waiting as no new one, and stops when the queue is full', () => {
    const fixtures = [fixture('Old', 'New1'), fixture('New2', 'New3')]
    expect(withinQueueCap(fixtures, room([], ['old fc'], 1), { newTeamsPerRun: 50, queueMax: 3 }).held).toBe(1)
    expect(withinQueueCap(fixtures, room([], [], 500), { newTeamsPerRun: 50, queueMax: 500 })).toEqual({ kept: [], held: 2, added: 0 })
  })
})
