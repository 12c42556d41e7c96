// League tables computed from results: 3 points for a win, 1 for a draw, ordered by
// points, then goal difference, then goals scored, then name. An awarded result counts as
// recorded, like any other result; postponed and unplayed fixtures do not count.
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

export interface StandingRow<Id> {
  team: Id
  played: number
  won: number
  drawn: number
  lost: number
  goalsFor: number
  goalsAgainst: number
  goalDifference: number
  points: number
  /** The last five results, oldest first. */
  form: FormResult[]
}

const COUNTED = new Set(['finished', 'awarded'])
const FORM_LENGTH = 5

export function isCounted<Id>(match: ResultRow<Id>): match is ResultRow<Id> & { homeGoals: number; awayGoals: number } {
  return COUNTED.has(match.status) && match.homeGoals !== null && match.awayGoals !== null
}

/** `nameOf` breaks the last tie; every team that appears in `matches` gets a row. */
export function computeStandings<Id>(matches: ResultRow<Id>[], nameOf: (team: Id) => string, collator = new Intl.Collator('en')): StandingRow<Id>[] {
  const rows = new Map<Id, StandingRow<Id>>()
  const row = (team: Id) => {
    let found = rows.get(team)
    if (!found) {
      found = { team, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, goalDifference: 0, points: 0, form: [] }
      rows.set(team, found)
    }
    return found
  }
  const ordered = [...matches].sort((a, b) => a.kickoff.localeCompare(b.kickoff))
  for (const match of ordered) {
    const home = row(match.home)
    const away = row(match.away)
    if (!isCounted(match)) continue
    record(home, match.homeGoals, match.awayGoals)
    record(away, match.awayGoals, match.homeGoals)
  }
  return [...rows.values()].sort(
    (a, b) =>
      b.points - a.points ||
      b.goalDifference - a.goalDifference ||
      b.goalsFor - a.goalsFor ||
      collator.compare(nameOf(a.team), nameOf(b.team)),
  )
}

function record<Id>(row: StandingRow<Id>, scored: number, conceded: number): void {
  const result: FormResult = scored > conceded ? 'W' : scored === conceded ? 'D' : 'L'
  row.played += 1
  row.goalsFor += scored
  row.goalsAgainst += conceded
  row.goalDifference = row.goalsFor - row.goalsAgainst
  if (result === 'W') {
    row.won += 1
    row.points += 3
  } else if (result === 'D') {
    row.drawn += 1
    row.points += 1
  } else {
    row.lost += 1
  }
  row.form = [...row.form, result].slice(-FORM_LENGTH)
}
