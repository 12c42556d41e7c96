// The table rules as lib/standings-rules.ts held them in code until they became data
// (competition_rules, decision 148), kept as they were: the fixture that proves the seeded
// data orders every held season's table as the code did (tests/worker/seeded-rules.test.ts),
// and the rules the real-table tests of tests/unit/standings.test.ts hold the engine to.
import type { Criterion } from '../../lib/standings.ts'
import type { Unsettled } from '../../lib/standings-rules.ts'

interface CodedRules {
  criteria: Criterion[]
  then: Unsettled
}

interface SeasonRules extends CodedRules {
  from: string
}

const GD_THEN_GOALS: Criterion[] = ['goalDifference', 'goalsFor']

// Premier League Handbook, rule C.17 (head-to-head added from 2019/20): points, goal
// difference, goals scored, then points and away goals in the matches between them, then a play-off.
const PREMIER_LEAGUE: SeasonRules[] = [{ from: '2019/20', criteria: [...GD_THEN_GOALS, { headToHead: ['points', 'awayGoalsFor'] }], then: 'play-off' }]

// RFEF Reglamento General, art. 201: points among the clubs level (a mini-league for three or
// more, counted once they have all met), goal difference among them, then overall.
const LA_LIGA: SeasonRules[] = [
  { from: '2000/01', criteria: [{ headToHead: ['points', 'goalDifference'], onceAllPlayed: true }, ...GD_THEN_GOALS], then: 'fair-play' },
]

// Lega Serie A, from 2022/23: head-to-head points and goal difference, then overall; a
// play-off decides a tie for the title or the last place safe from relegation.
const SERIE_A: SeasonRules[] = [{ from: '2022/23', criteria: [{ headToHead: ['points', 'goalDifference'] }, ...GD_THEN_GOALS], then: 'play-off' }]

// DFL Spielordnung: goal difference, goals scored, then the two matches between them (their
// aggregate, then away goals in them, once both are played), away goals overall, a play-off.
const BUNDESLIGA: SeasonRules[] = [
  { from: '2000/01', criteria: [...GD_THEN_GOALS, { headToHead: ['goalDifference', 'awayGoalsFor'], onceAllPlayed: true }, 'awayGoalsFor'], then: 'play-off' },
]

// LFP règlement, art. 518 ter (2023/24): goal difference, then the matches between them
// (points, goal difference, goals, away goals), goals scored, away goals; from 2025/26 the
// away-goal criteria go and wins, then away wins, come in; then discipline and lots.
const LIGUE_1: SeasonRules[] = [
  {
    from: '2017/18',
    criteria: ['goalDifference', { headToHead: ['points', 'goalDifference', 'goalsFor', 'awayGoalsFor'] }, 'goalsFor', 'awayGoalsFor'],
    then: 'fair-play',
  },
  { from: '2025/26', criteria: ['goalDifference', { headToHead: ['points', 'goalDifference'] }, 'goalsFor', 'wins', 'awayWins'], then: 'fair-play' },
]

// UEFA Champions League regulations: 2019/20 art. 17.01 (group stage: head-to-head first,
// reapplied to a smaller group still level); 2024/25 art. 18.01 (league phase: no
// head-to-head, as clubs do not all meet; opponents' results after away wins).
const CHAMPIONS_LEAGUE: SeasonRules[] = [
  {
    from: '2019/20',
    criteria: [{ headToHead: ['points', 'goalDifference', 'goalsFor', 'awayGoalsFor'], reapply: true }, ...GD_THEN_GOALS, 'awayGoalsFor', 'wins', 'awayWins'],
    then: 'coefficient',
  },
  {
    from: '2024/25',
    criteria: [...GD_THEN_GOALS, 'awayGoalsFor', 'wins', 'awayWins', 'opponentsPoints', 'opponentsGoalDifference', 'opponentsGoalsFor'],
    then: 'coefficient',
  },
]

// FIFA World Cup regulations: Qatar 2022 art. 32.5 (overall first, then head-to-head);
// 2026 art. 13 (head-to-head first, reapplied, then overall, conduct and the world ranking).
const WORLD_CUP: SeasonRules[] = [
  { from: '2022', criteria: [...GD_THEN_GOALS, { headToHead: ['points', 'goalDifference', 'goalsFor'] }], then: 'fair-play' },
  { from: '2026', criteria: [{ headToHead: ['points', 'goalDifference', 'goalsFor'], reapply: true }, ...GD_THEN_GOALS], then: 'ranking' },
]

// FIFA Club World Cup 2025 regulations, art. 13: head-to-head first (reapplying it is not
// stated, so it is not), then overall; fair play, then lots.
const CLUB_WORLD_CUP: SeasonRules[] = [{ from: '2025', criteria: [{ headToHead: ['points', 'goalDifference', 'goalsFor'] }, ...GD_THEN_GOALS], then: 'fair-play' }]

// CAF Champions League regulations (group stage): head-to-head points, goal difference,
// goals and away goals, reapplied; then overall goal difference, goals and away goals.
const CAF_CHAMPIONS_LEAGUE: SeasonRules[] = [
  {
    from: '2017',
    criteria: [{ headToHead: ['points', 'goalDifference', 'goalsFor', 'awayGoalsFor'], reapply: true }, ...GD_THEN_GOALS, 'awayGoalsFor'],
    then: 'lots',
  },
]

// SAFF competition regulations, art. 13: head-to-head points, goal difference and goals,
// reapplied, once the clubs have all met; then overall; a play-off.
const SAUDI_PRO_LEAGUE: SeasonRules[] = [
  { from: '2000/01', criteria: [{ headToHead: ['points', 'goalDifference', 'goalsFor'], reapply: true, onceAllPlayed: true }, ...GD_THEN_GOALS], then: 'play-off' },
]

// EFA (as reported for 2024/25 and 2025/26): head-to-head points, goal difference, goals and
// away goals, then overall; fair play.
const EGYPTIAN_PREMIER_LEAGUE: SeasonRules[] = [
  { from: '2000/01', criteria: [{ headToHead: ['points', 'goalDifference', 'goalsFor', 'awayGoalsFor'] }, ...GD_THEN_GOALS], then: 'fair-play' },
]

// LFP (Algeria) règlement, art. 79: head-to-head points and goal difference, then goal
// difference and goals (the article says of the first half of the season; Hadaf counts the
// whole); a play-off.
const ALGERIAN_LIGUE_1: SeasonRules[] = [{ from: '2000/01', criteria: [{ headToHead: ['points', 'goalDifference'] }, ...GD_THEN_GOALS], then: 'play-off' }]

// FRMF règlement, art. 56: two clubs by the aggregate of their two matches (once both are
// played), then wins and goals; three or more by goal difference, wins and goals; a play-off.
const BOTOLA: SeasonRules[] = [
  {
    from: '2000/01',
    criteria: [{ twoClubs: [{ headToHead: ['goalDifference'], onceAllPlayed: true }, 'wins', 'goalsFor'], moreClubs: ['goalDifference', 'wins', 'goalsFor'] }],
    then: 'play-off',
  },
]

const RULES: Record<string, SeasonRules[]> = {
  'en.1': PREMIER_LEAGUE,
  'es.1': LA_LIGA,
  'it.1': SERIE_A,
  'de.1': BUNDESLIGA,
  'fr.1': LIGUE_1,
  'uefa.cl': CHAMPIONS_LEAGUE,
  worldcup: WORLD_CUP,
  clubworldcup: CLUB_WORLD_CUP,
  cafcl: CAF_CHAMPIONS_LEAGUE,
  'sa.1': SAUDI_PRO_LEAGUE,
  'eg.1': EGYPTIAN_PREMIER_LEAGUE,
  'dz.1': ALGERIAN_LIGUE_1,
  'ma.1': BOTOLA,
}

/** A season label's first year: 2023/24 and 2023 both read as 2023. */
const startYear = (label: string) => Number(label.slice(0, 4))

/** The competitions the code had rules for. */
export const CODED_COMPETITIONS = Object.keys(RULES)

/** The coded rules of a competition's season; an unknown competition is ordered by goal difference, then goals. */
export function codedRules(competition: string, season: string): CodedRules {
  const entries = RULES[competition] ?? []
  const entry = entries.filter((e) => startYear(e.from) <= startYear(season)).at(-1) ?? entries[0]
  return entry ? { criteria: entry.criteria, then: entry.then } : { criteria: GD_THEN_GOALS, then: 'lots' }
}
