// The bench's crowd and matchday scenarios rest on a few pure parts: how a percentile is read,
// the readers' Zipf mix, which pages show a changed match, how a socket's message is read for
// the changes it delivers, and the editor's calls for one match.
import { describe, expect, it } from 'vitest'
import { type ChangedMatch, type ReadPage, showsChangedMatch } from '../../scripts/bench/changed-pages.ts'
import { elapsedAt, MATCH_RATES, type MatchdayMatch, planMatchday, turned } from '../../scripts/bench/matchday-plan.ts'
import { changedVersions } from '../../scripts/bench/sockets.ts'
import { interleave, seededRandom, zipfSampler } from '../../scripts/bench/zipf.ts'
import { percentile, spread } from '../../scripts/lib/percentile.ts'
import type { OriginalMatch } from '../../scripts/live/replay-plan.ts'

describe('percentiles', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1)

  it('reads the nearest rank: of 1 to 100, p50 is 50, p99 is 99 and p100 the largest', () => {
    expect(percentile(hundred, 50)).toBe(50)
    expect(percentile(hundred, 99)).toBe(99)
    expect(percentile(hundred, 100)).toBe(100)
    expect(percentile(hundred, 0)).toBe(1)
  })

  it('gives a single value for every percentile, and NaN for no values', () => {
    expect(percentile([7], 99)).toBe(7)
    expect(percentile([], 50)).toBeNaN()
  })

  it('sorts for the spread, whatever order the values came in', () => {
    expect(spread([...hundred].reverse())).toEqual({ p50: 50, p95: 95, p99: 99, max: 100 })
    expect(spread([]).max).toBeNaN()
  })
})

describe("the readers' Zipf mix", () => {
  it('draws the same sequence from the same seed, and another from another seed', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, seededRandom(seed))
    expect(draw(1)).toEqual(draw(1))
    expect(draw(1)).not.toEqual(draw(2))
    expect(draw(1).every((x) => x >= 0 && x < 1)).toBe(true)
  })

  it('asks for rank k in proportion to 1/k: the first twice as often as the second, ten times as often as the tenth', () => {
    const n = 200
    const draw = zipfSampler(n, 1, seededRandom(7))
    const counts = new Array<number>(n).fill(0)
    const draws = 200_000
    for (let i = 0; i < draws; i++) counts[draw()]! += 1
    const harmonic = Array.from({ length: n }, (_, k) => 1 / (k + 1)).reduce((a, b) => a + b)
    expect(counts[0]! / draws).toBeCloseTo(1 / harmonic, 2)
    expect(counts[0]! / counts[1]!).toBeCloseTo(2, 0)
    expect(counts[0]! / counts[9]!).toBeGreaterThan(8)
    expect(counts[0]! / counts[9]!).toBeLessThan(12)
    expect(counts.every((c) => c > 0)).toBe(true)
  })

  it('asks for every rank alike with exponent 0, and never outside the ranks', () => {
    const draw = zipfSampler(4, 0, seededRandom(3))
    const counts = [0, 0, 0, 0]
    for (let i = 0; i < 40_000; i++) counts[draw()]! += 1
    for (const count of counts) expect(count / 40_000).toBeCloseTo(0.25, 1)
    expect(() => zipfSampler(0, 1, Math.random)).toThrow(RangeError)
  })

  it('ranks pages by taking each kind in turn, so every kind has pages near the top', () => {
    expect(interleave([['home'], ['m1', 'm2', 'm3'], ['c1', 'c2']])).toEqual(['home', 'm1', 'c1', 'm2', 'c2', 'm3'])
    expect(interleave([])).toEqual([])
  })
})

describe('which pages show a changed match', () => {
  const live: ChangedMatch[] = [{ id: '10', season: '21', clubs: ['1', '2'], day: '2026-11-27', players: ['500'] }]
  const page = (kind: ReadPage['kind'], about?: string): ReadPage => ({ kind, path: `/en/${kind}`, about })

  it('counts the home page, while any match is live', () => {
    expect(showsChangedMatch(page('home'), live)).toBe(true)
    expect(showsChangedMatch(page('home'), [])).toBe(false)
  })

  it("counts the match's page, its day's list, its season's league page, its clubs and the players its events name", () => {
    expect(showsChangedMatch(page('match', '10'), live)).toBe(true)
    expect(showsChangedMatch(page('matches', '2026-11-27'), live)).toBe(true)
    expect(showsChangedMatch(page('league', '21'), live)).toBe(true)
    expect(showsChangedMatch(page('club', '2'), live)).toBe(true)
    expect(showsChangedMatch(page('player', '500'), live)).toBe(true)
  })

  it('leaves out other matches, days, seasons (an older season of the same league), clubs and players', () => {
    expect(showsChangedMatch(page('match', '11'), live)).toBe(false)
    expect(showsChangedMatch(page('matches', '2026-11-26'), live)).toBe(false)
    expect(showsChangedMatch(page('league', '14'), live)).toBe(false)
    expect(showsChangedMatch(page('club', '3'), live)).toBe(false)
    expect(showsChangedMatch(page('player', '501'), live)).toBe(false)
  })

  it('never counts the lists of leagues and posts, nor a post', () => {
    expect(showsChangedMatch(page('leagues'), live)).toBe(false)
    expect(showsChangedMatch(page('post list', 'news'), live)).toBe(false)
    expect(showsChangedMatch(page('post', '0'), live)).toBe(false)
  })
})

describe("a socket message's changes", () => {
  const change = (version: number) => ({ type: 'change', state: { version } })

  it("reads the version of a bare change, as the room sends today, and of each change in a batch, as issue 25's room does", () => {
    expect(changedVersions(JSON.stringify(change(7)))).toEqual([7])
    expect(changedVersions(JSON.stringify({ type: 'changes', changes: [change(8), change(9)] }))).toEqual([8, 9])
  })

  it('finds no change in a snapshot, a pong or a message it cannot read', () => {
    expect(changedVersions(JSON.stringify({ type: 'snapshot', snapshot: { version: 7, events: [] } }))).toEqual([])
    expect(changedVersions('pong')).toEqual([])
    expect(changedVersions('{"type":"changes","changes":{}}')).toEqual([])
    expect(changedVersions('null')).toEqual([])
  })
})

describe("the matchday's calls for one match", () => {
  const squad = (from: number) => Array.from({ length: 11 }, (_, i) => ({ id: from + i, name: `Player ${from + i}` }))
  const meeting: OriginalMatch = { ft: [3, 1], ht: [1, 1], et: null, pen: null, events: [] }
  const match: MatchdayMatch = { meeting, squads: { home: squad(100), away: squad(200) } }
  const plan = (m: MatchdayMatch = match, seed = 1) => planMatchday(m, 90, seededRandom(seed))
  const steps = (p: ReturnType<typeof plan>) => p.filter((s) => s.path === '' && s.method === 'PATCH').map((s) => s.body.step)

  it('kicks off first, whistles last, and keeps the steps of a match in order on the clock', () => {
    const calls = plan()
    expect(steps(calls)).toEqual(['kick_off', 'half_time', 'second_half', 'full_time'])
    expect(calls[0]!.body.step).toBe('kick_off')
    expect(calls.at(-1)!.body.step).toBe('full_time')
    expect(calls.map((s) => s.at)).toEqual(calls.map((s) => s.at).toSorted((a, b) => a - b))
    // 90 minutes in 90 seconds: a match minute a second, the break and added time included.
    expect(calls.at(-1)!.at).toBe(Math.round(elapsedAt(90, 4) * 1000 + 500))
  })

  it('plays the meeting known by its score alone to the same score, its half-time goals in the first half', () => {
    const goals = plan().filter((s) => s.body.kind === 'goal')
    const halfTime = plan().find((s) => s.body.step === 'half_time')!.at
    expect(goals.filter((g) => g.body.side === 'home')).toHaveLength(3)
    expect(goals.filter((g) => g.body.side === 'away')).toHaveLength(1)
    expect(goals.filter((g) => g.at < halfTime)).toHaveLength(2)
    expect(goals.every((g) => g.body.player_id !== null)).toBe(true)
  })

  it("replays a meeting's own goal events when the data has them, and nothing of extra time", () => {
    const events: OriginalMatch['events'] = [
      { kind: 'goal', minute: 23, stoppage: null, side: 1, playerId: 9, playerName: 'Messi', otherPlayerId: null, otherPlayerName: null, detail: null },
      { kind: 'goal', minute: 108, stoppage: null, side: 2, playerId: null, playerName: 'Late', otherPlayerId: null, otherPlayerName: null, detail: null },
    ]
    const goals = plan({ ...match, meeting: { ...meeting, events } }).filter((s) => s.body.kind === 'goal')
    expect(goals.map((g) => [g.at, g.body.player_name, g.body.side])).toEqual([[23_000, 'Messi', 'home']])
  })

  it("adds a real match's bookings, substitutions and live text between kick-off and the whistle, none at the break", () => {
    const calls = plan()
    const [halfTime, secondHalf] = ['half_time', 'second_half'].map((name) => calls.find((s) => s.body.step === name)!.at)
    expect(calls.filter((s) => s.body.kind === 'yellow_card')).toHaveLength(MATCH_RATES.bookings)
    expect(calls.filter((s) => s.body.kind === 'substitution')).toHaveLength(MATCH_RATES.substitutions)
    expect(calls.filter((s) => s.path === '/commentary')).toHaveLength(MATCH_RATES.liveText)
    const during = calls.slice(1, -1).filter((s) => s.path !== '')
    expect(during.some((s) => s.at > halfTime! && s.at < secondHalf!)).toBe(false)
    for (const sub of calls.filter((s) => s.body.kind === 'substitution')) expect(sub.body.other_player_id).not.toBe(sub.body.player_id)
  })

  it('is the same plan for the same seed, and a goalless one when the clubs never met', () => {
    expect(plan(match, 5)).toEqual(plan(match, 5))
    expect(plan({ ...match, meeting: null }).filter((s) => s.body.kind === 'goal')).toEqual([])
  })

  it("tells a meeting at the other club's ground from this match's home side", () => {
    const away = turned({ ft: [0, 2], ht: [0, 1], et: null, pen: null, events: [{ kind: 'goal', minute: 5, stoppage: null, side: 2, playerId: 1, playerName: 'A', otherPlayerId: null, otherPlayerName: null, detail: null }] })
    expect(away.ft).toEqual([2, 0])
    expect(away.ht).toEqual([1, 0])
    expect(away.events[0]!.side).toBe(1)
  })
})
