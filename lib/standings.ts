// League and group tables computed from results: the competition's points for a win, a draw
// and a loss (3, 1 and 0 unless its rules say otherwise), less any points a club was deducted,
// then ordered by the competition's own tiebreak rules (lib/standings-rules.ts). An awarded result counts as recorded, like any other result;
// postponed and unplayed fixtures do not count.
export type FormResult = 'W' | 'D' | 'L'

export interface ResultRow<Id> {
  home: Id
  away: Id
  homeGoals: number | null
  awayGoals: number | null
  status: string
  /** ISO time; orders the form guide. */
  kickoff: string
}

/** A club's record over some matches: a whole season, or those among the clubs level. */
export interface ClubRecord {
  played: number
  won: number
  drawn: number
  lost: number
  goalsFor: number
  goalsAgainst: number
}

export interface StandingRow<Id> extends ClubRecord {
  team: Id
  goalDifference: number
  /** After any deduction. */
  points: number
  /** Points taken off the club this season (0 for most). */
  deducted: number
  /** The last five results, oldest first. */
  form: FormResult[]
  /**
   * Level with a neighbour on every criterion the data can settle: the order between them
   * waits on what Hadaf does not hold (fair play, lots, a play-off). The table says so.
   */
  undecided: boolean
}

/** What the overall table and a head-to-head mini-table can both be ordered by. */
export type Measure = 'points' | 'goalDifference' | 'goalsFor' | 'awayGoalsFor' | 'wins' | 'awayWins'

/**
 * One step of a competition's tiebreak order. A head-to-head step builds a mini-table of the
 * matches among the clubs still level and orders them by its measures; with `reapply`, a
 * smaller group still level after them starts the step again on its own matches (UEFA, FIFA
 * 2026). With `onceAllPlayed`, the step waits until every match among them is played (La Liga).
 * A `twoClubs`/`moreClubs` step picks the rest of the order by how many clubs are level (the
 * Botola settles two clubs by their own matches, three or more by goal difference).
 */
export type Criterion = Step | { twoClubs: Step[]; moreClubs: Step[] }

/** A criterion that does not split by how many clubs are level: one level deep, as rules are data (decision 148). */
type Step = Measure | 'opponentsPoints' | 'opponentsGoalDifference' | 'opponentsGoalsFor' | { headToHead: Measure[]; reapply?: boolean; onceAllPlayed?: boolean }

/** What a win, a draw and a loss are worth, in the table and in a head-to-head mini-table alike. */
export interface Points {
  win: number
  draw: number
  loss: number
}

export const USUAL_POINTS: Points = { win: 3, draw: 1, loss: 0 }

export interface StandingsOptions<Id> {
  /** 3, 1 and 0 by default. */
  points?: Points
  /** The order after points; the default is goal difference, then goals scored. */
  criteria?: Criterion[]
  /** Points deducted per club this season. */
  deductions?: ReadonlyMap<Id, number>
  /** Orders clubs still level at the end, for a stable display. */
  nameOf: (team: Id) => string
  collator?: Intl.Collator
}

const COUNTED = new Set(['finished', 'awarded'])
const FORM_LENGTH = 5
export const PLAIN_CRITERIA: Criterion[] = ['goalDifference', 'goalsFor']

type Counted<Id> = ResultRow<Id> & { homeGoals: number; awayGoals: number }

export function isCounted<Id>(match: ResultRow<Id>): match is Counted<Id> {
  return COUNTED.has(match.status) && match.homeGoals !== null && match.awayGoals !== null
}

interface Tally extends ClubRecord {
  points: number
  awayGoalsFor: number
  awayWins: number
}

const emptyTally = (): Tally => ({ played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, points: 0, awayGoalsFor: 0, awayWins: 0 })

function add(tally: Tally, scored: number, conceded: number, away: boolean, worth: Points): FormResult {
  const result: FormResult = scored > conceded ? 'W' : scored === conceded ? 'D' : 'L'
  tally.played += 1
  tally.goalsFor += scored
  tally.goalsAgainst += conceded
  if (away) tally.awayGoalsFor += scored
  if (result === 'W') {
    tally.won += 1
    tally.points += worth.win
    if (away) tally.awayWins += 1
  } else if (result === 'D') {
    tally.drawn += 1
    tally.points += worth.draw
  } else {
    tally.lost += 1
    tally.points += worth.loss
  }
  return result
}

function tallies<Id>(matches: Counted<Id>[], worth: Points, among?: ReadonlySet<Id>): Map<Id, Tally> {
  const out = new Map<Id, Tally>()
  const of = (team: Id) => out.get(team) ?? out.set(team, emptyTally()).get(team)!
  for (const m of matches) {
    if (among && !(among.has(m.home) && among.has(m.away))) continue
    add(of(m.home), m.homeGoals, m.awayGoals, false, worth)
    add(of(m.away), m.awayGoals, m.homeGoals, true, worth)
  }
  return out
}

function measure(tally: Tally | undefined, by: Measure): number {
  if (!tally) return 0
  return by === 'goalDifference' ? tally.goalsFor - tally.goalsAgainst : by === 'wins' ? tally.won : tally[by]
}

/** Splits `group` into runs of equal value, best first. */
function partition<Id>(group: Id[], value: (team: Id) => number): Id[][] {
  const sorted = [...group].sort((a, b) => value(b) - value(a))
  const runs: Id[][] = []
  for (const team of sorted) {
    const last = runs.at(-1)
    if (last && value(last[0]!) === value(team)) last.push(team)
    else runs.push([team])
  }
  return runs
}

/** `nameOf` breaks the last tie; every team that appears in `matches` gets a row. */
export function computeStandings<Id>(matches: ResultRow<Id>[], options: StandingsOptions<Id>): StandingRow<Id>[] {
  const { points: worth = USUAL_POINTS, criteria = PLAIN_CRITERIA, deductions, nameOf, collator = new Intl.Collator('en') } = options
  const ordered = [...matches].sort((a, b) => a.kickoff.localeCompare(b.kickoff))
  const counted = ordered.filter(isCounted)
  const overall = tallies(counted, worth)
  const forms = new Map<Id, FormResult[]>()
  const teams: Id[] = []
  for (const m of ordered) {
    for (const team of [m.home, m.away]) {
      if (!forms.has(team)) {
        forms.set(team, [])
        teams.push(team)
      }
    }
    if (isCounted(m)) {
      forms.get(m.home)!.push(m.homeGoals > m.awayGoals ? 'W' : m.homeGoals === m.awayGoals ? 'D' : 'L')
      forms.get(m.away)!.push(m.awayGoals > m.homeGoals ? 'W' : m.awayGoals === m.homeGoals ? 'D' : 'L')
    }
  }
  const points = (team: Id) => measure(overall.get(team), 'points') - (deductions?.get(team) ?? 0)

  // Opponents' figures (UEFA's league phase): summed over every opponent a club has met.
  const opponentsSum = (team: Id, by: Measure) =>
    counted.reduce((sum, m) => (m.home === team ? sum + measure(overall.get(m.away), by) : m.away === team ? sum + measure(overall.get(m.home), by) : sum), 0)

  const value = (criterion: Exclude<Criterion, object>) => (team: Id) =>
    criterion === 'points'
      ? points(team)
      : criterion === 'opponentsPoints'
        ? opponentsSum(team, 'points')
        : criterion === 'opponentsGoalDifference'
          ? opponentsSum(team, 'goalDifference')
          : criterion === 'opponentsGoalsFor'
            ? opponentsSum(team, 'goalsFor')
            : measure(overall.get(team), criterion)

  const allPlayed = (group: Id[]) => {
    const among = new Set(group)
    const played = counted.filter((m) => among.has(m.home) && among.has(m.away)).length
    const scheduled = matches.filter((m) => among.has(m.home) && among.has(m.away) && m.status !== 'postponed').length
    return played === scheduled && played > 0
  }

  /** Orders a group level on everything before `list[i]`: runs still level at the end stay together. */
  const order = (group: Id[], list: Criterion[], i: number): Id[][] => {
    if (group.length <= 1 || i >= list.length) return [group]
    const criterion = list[i]!
    if (typeof criterion !== 'object') return partition(group, value(criterion)).flatMap((run) => order(run, list, i + 1))
    if ('twoClubs' in criterion) return order(group, group.length === 2 ? criterion.twoClubs : criterion.moreClubs, 0)
    if (criterion.onceAllPlayed && !allPlayed(group)) return order(group, list, i + 1)
    const mini = tallies(counted, worth, new Set(group))
    let runs = [group]
    for (const by of criterion.headToHead) runs = runs.flatMap((run) => partition(run, (team) => measure(mini.get(team), by)))
    return runs.flatMap((run) => (criterion.reapply && run.length > 1 && run.length < group.length ? order(run, list, i) : order(run, list, i + 1)))
  }

  const runs = partition(teams, value('points')).flatMap((run) => order(run, criteria, 0))
  return runs.flatMap((run) =>
    run
      .sort((a, b) => collator.compare(nameOf(a), nameOf(b)))
      .map((team) => {
        const t = overall.get(team) ?? emptyTally()
        return {
          team,
          played: t.played,
          won: t.won,
          drawn: t.drawn,
          lost: t.lost,
          goalsFor: t.goalsFor,
          goalsAgainst: t.goalsAgainst,
          goalDifference: t.goalsFor - t.goalsAgainst,
          points: points(team),
          deducted: deductions?.get(team) ?? 0,
          form: forms.get(team)!.slice(-FORM_LENGTH),
          undecided: run.length > 1 && t.played > 0,
        }
      }),
  )
}

/**
 * The table as it stands: each match in play (or suspended, to be resumed) counts at its
 * current score, as if it ended now; every other match counts as in computeStandings. At full time the match is finished
 * and counts once, the same way, so the final order follows with no step of its own.
 */
export function asItStands<Id>(matches: ResultRow<Id>[], options: StandingsOptions<Id>): StandingRow<Id>[] {
  return computeStandings(
    matches.map((m) => (m.status === 'live' || m.status === 'suspended' ? { ...m, status: 'finished' } : m)),
    options,
  )
}
