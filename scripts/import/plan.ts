// Turns parsed files into the rows each file's transaction writes. Everything is resolved
// over the whole import first (clubs, stadiums, players, fixtures that two files share), so
// every file writes the same values for a row it shares with another, whichever runs first.
import { aliasKey } from '../../lib/alias-key.ts'
import type { ImportResult } from '../../lib/openfootball/parse-text.ts'
import { kickoffOf } from '../../lib/openfootball/kickoff.ts'
import type { Competition, Goal, MatchRecord, MatchStatus, ScorePair, SquadPlayer } from '../../lib/openfootball/model.ts'
import { competitionOfKey, competitionRow, competitionZone, type CompetitionRow } from './competition-meta.ts'
import { isoOfLeagueCode } from './countries.ts'
import type { Names } from './names.ts'
import { buildPlayerArabic, buildScorerIndex, playerKey, playerRow, type KnownPlayer, type PlayerRow } from './players.ts'
import { buildClubResolver, type AliasRow, type ClubRow, type StoredClubs } from './reconcile.ts'
import { buildStadiumRegistry, type StadiumRow } from './stadiums.ts'

export interface SeasonRef {
  competition_id: string
  label: string
}

export interface SquadMemberRow {
  season: SeasonRef
  /** Source keys; the writer turns them into ids. */
  club_id: string
  player_id: string
  shirt_number: number
  position: string
}

export interface MatchRow {
  source_key: string
  season: SeasonRef
  round: string
  group_name: string | null
  match_number: number | null
  kickoff: string
  kickoff_time_known: boolean
  home_club_id: string
  away_club_id: string
  stadium_id: string | null
  venue: string | null
  status: MatchStatus
  ft_home: number | null
  ft_away: number | null
  ht_home: number | null
  ht_away: number | null
  et_home: number | null
  et_away: number | null
  pen_home: number | null
  pen_away: number | null
}

export type GoalKind = 'goal' | 'own_goal' | 'penalty_goal'

export interface EventRow {
  source_key: string
  match_id: string
  kind: GoalKind
  minute: number
  stoppage: number | null
  /** The side the goal counts for: goals1 in worldcup.json are the goals in team1's score. */
  side: 1 | 2
  player_id: string | null
  player_name: string
}

export interface FileRows {
  competitions: CompetitionRow[]
  seasons: SeasonRef[]
  stadiums: StadiumRow[]
  clubs: ClubRow[]
  aliases: AliasRow[]
  players: PlayerRow[]
  squadMembers: SquadMemberRow[]
  matches: MatchRow[]
  events: EventRow[]
  /** Matches whose file lists every goal: events of theirs beyond that list are stale. */
  completeGoalLists: string[]
}

export interface PlannedFile {
  file: string
  rows: FileRows
}

/** What the database holds that this import may need to reach. */
export interface Stored {
  clubs: StoredClubs
  players: KnownPlayer[]
}

export interface Unmapped {
  /** Scorer names that matched no player. */
  scorers: string[]
  /** Match grounds that matched no stadium. */
  grounds: string[]
}

export interface Plan {
  files: PlannedFile[]
  unmapped: Unmapped
}

/** Reference data first, so the rows that point at it find it already written. */
function writeOrder(r: ImportResult): number {
  if (r.stadiums.length > 0) return 0
  if (r.clubs.length > 0 || r.clubTranslations.length > 0) return 1
  if (r.teams.length > 0 || r.groups.length > 0) return 2
  // Squads before matches: goal scorers are linked to the squad players.
  if (r.squadPlayers.length > 0) return 3
  return 4
}

export function sortForWriting(results: ImportResult[]): ImportResult[] {
  return [...results].sort((a, b) => writeOrder(a) - writeOrder(b))
}

interface SquadEntry {
  player: SquadPlayer
  nation: string
  club?: string
}

interface ResolvedMatch {
  record: MatchRecord
  home: string
  away: string
}

const seasonId = (competitionKey: string, label: string): string => `${competitionKey} ${label}`

/** `results` hold one file each, in the order they will be written. */
export function planImport(results: ImportResult[], names: Names, stored: Stored): Plan {
  const all = <T>(pick: (r: ImportResult) => T[]): T[] => results.flatMap(pick)
  const competitions = new Map(all((r) => r.competitions).map((c) => [c.key, c]))
  const competitionOf = (key: string, season: string, file: string): Competition =>
    competitions.get(key) ?? competitionOfKey(key, season, file)
  const leagueCountry = (m: MatchRecord): string | undefined => isoOfLeagueCode(competitions.get(m.competitionKey)?.country)
  const stadiums = buildStadiumRegistry(all((r) => r.stadiums))
  const resolver = buildClubResolver({
    names: names.clubs,
    nations: names.nations,
    directory: all((r) => r.clubs),
    translations: all((r) => r.clubTranslations),
    leagueCountries: new Map(all((r) => r.matches).flatMap((m) => {
      const country = leagueCountry(m)
      return country === undefined ? [] : [m.team1, m.team2].map((team) => [aliasKey(team), country] as const)
    })),
    stadiums,
    stored: stored.clubs,
  })

  // Pass 1: resolve every name to a key, per file.
  const fixtures = new Map<string, ResolvedMatch[]>()
  // A player in two squads files keeps the row of the later one; each squad keeps its own entry.
  const latestPlayers = new Map<string, SquadEntry>()
  const perFile = results.map((r) => {
    const file = r.files[0]?.file ?? ''
    const clubs = new Set<string>()
    const seasons = new Map<string, { competition: Competition; label: string }>()
    const addSeason = (key: string, label: string): void => void seasons.set(seasonId(key, label), { competition: competitionOf(key, label, file), label })
    const matchKeys: string[] = []
    for (const record of r.matches) {
      addSeason(record.competitionKey, record.season)
      const country = leagueCountry(record)
      const [home, away] = [record.team1, record.team2].map((team) => resolver.club(team, { country })) as [string, string]
      clubs.add(home).add(away)
      const key = `match:${record.competitionKey}:${record.season}:${record.date}:${home}:${away}`
      fixtures.set(key, [...(fixtures.get(key) ?? []), { record, home, away }])
      matchKeys.push(key)
    }
    const squad = r.squadPlayers.map((player): SquadEntry => {
      addSeason(player.competitionKey, player.season)
      const nation = resolver.nation(player.team, player.fifaCode)
      const club = player.club && resolver.club(player.club.name, { suffix: player.club.country })
      clubs.add(nation)
      if (club) clubs.add(club)
      latestPlayers.set(playerKey(player), { player, nation, club })
      return { player, nation, club }
    })
    for (const team of r.teams) {
      addSeason(team.competitionKey, team.season)
      clubs.add(resolver.nation(team.name, team.fifaCode))
      if (team.nameNormalised) resolver.nation(team.nameNormalised, team.fifaCode)
    }
    for (const group of r.groups) {
      addSeason(group.competitionKey, group.season)
      for (const team of group.teams) clubs.add(resolver.club(team))
    }
    return { r, file, clubs, seasons, matchKeys: [...new Set(matchKeys)], squad }
  })
  const clubRows = resolver.finish()

  // Pass 2: rows.
  const fifaOfTeam = new Map(names.nations.flatMap((n) => n.names.map((s) => [aliasKey(s), n.fifa_code] as const)))
  const arabicOf = buildPlayerArabic(names.players, (team) => fifaOfTeam.get(aliasKey(team)))
  const importedPlayers = [...latestPlayers.values()].map(({ player, nation }) => ({ key: playerKey(player), names: [player.name], team: nation }))
  const scorers = buildScorerIndex([...importedPlayers, ...stored.players])
  const unmapped: Unmapped = { scorers: [], grounds: [] }
  const filesWithGoals = new Set(results.filter((r) => r.matches.some((m) => m.goals.length > 0)).flatMap((r) => r.files.map((f) => f.file)))

  const matchRows = new Map<string, { row: MatchRow; events: EventRow[]; complete: boolean }>()
  for (const [key, candidates] of fixtures) {
    const { record, home, away } = bestRecord(candidates)
    const competition = competitionOf(record.competitionKey, record.season, record.source.file)
    const stadium = record.ground === undefined ? undefined : stadiums.ofGround(record.ground)
    if (record.ground !== undefined && stadium === undefined) unmapped.grounds.push(record.ground)
    const events = record.goals.map((goal, i) => {
      const team = (goal.side === 1) !== goal.ownGoal ? home : away
      const player = scorers.find(goal.name, team)
      if (player === undefined) unmapped.scorers.push(goal.name)
      return eventRow(`${key}:goal:${i}`, key, goal, player)
    })
    const row = matchRow(key, record, home, away, competitionZone(competition), stadium)
    matchRows.set(key, { row, events, complete: filesWithGoals.has(record.source.file) })
  }

  const competitionNames = new Map(names.competitions.map((c) => [c.key, c]))
  const files = perFile.map(({ r, file, clubs, seasons, matchKeys, squad }): PlannedFile => {
    const matches = matchKeys.map((k) => matchRows.get(k)!)
    const competitionsUsed = new Map([...seasons.values()].map((s) => [s.competition.key, s.competition]))
    return {
      file,
      rows: {
        competitions: [...competitionsUsed.values()].map((c) => competitionRow(c, competitionNames.get(c.key))),
        seasons: [...seasons.values()].map((s) => ({ competition_id: s.competition.key, label: s.label })),
        stadiums: r.stadiums.map(stadiums.rowOf),
        clubs: [...clubs].flatMap((k) => clubRows.row(k) ?? []),
        aliases: [...clubs].flatMap((k) => clubRows.aliases(k)),
        players: squad.map(({ player }) => {
          const latest = latestPlayers.get(playerKey(player))!
          return playerRow(latest.player, arabicOf(latest.player), latest.nation, latest.club)
        }),
        squadMembers: squad.map(({ player, nation }) => ({
          season: { competition_id: player.competitionKey, label: player.season },
          club_id: nation,
          player_id: playerKey(player),
          shirt_number: player.number,
          position: player.pos,
        })),
        matches: matches.map((m) => m.row),
        events: matches.flatMap((m) => m.events),
        completeGoalLists: matches.filter((m) => m.complete).map((m) => m.row.source_key),
      },
    }
  })
  return { files, unmapped: { scorers: [...new Set(unmapped.scorers)], grounds: [...new Set(unmapped.grounds)] } }
}

/**
 * Egypt, Algeria and Morocco 2024/25 come both as Football.TXT and as football.json. The
 * record that knows most (a result, then a kick-off time, then goals) stands for the fixture;
 * on a tie the first in writing order does, so the choice is the same on every run.
 */
function bestRecord(candidates: ResolvedMatch[]): ResolvedMatch {
  const weight = ({ record: m }: ResolvedMatch): number =>
    Object.keys(m.score).length * 100 + (m.status === 'scheduled' ? 0 : 50) + (m.time === undefined ? 0 : 20) + m.goals.length
  return candidates.reduce((best, c) => (weight(c) > weight(best) ? c : best))
}

function matchRow(key: string, m: MatchRecord, home: string, away: string, timezone: string, stadium: string | undefined): MatchRow {
  const { kickoff, timeKnown } = kickoffOf(m.date, m.time, m.utcOffset, timezone)
  const pair = (p: ScorePair | undefined): [number | null, number | null] => p ?? [null, null]
  const [ftHome, ftAway] = pair(m.score.ft)
  const [htHome, htAway] = pair(m.score.ht)
  const [etHome, etAway] = pair(m.score.et)
  const [penHome, penAway] = pair(m.score.p)
  return {
    source_key: key,
    season: { competition_id: m.competitionKey, label: m.season },
    round: m.round,
    group_name: m.group ?? null,
    match_number: m.num ?? null,
    kickoff,
    kickoff_time_known: timeKnown,
    home_club_id: home,
    away_club_id: away,
    stadium_id: stadium ?? null,
    venue: m.ground ?? null,
    status: m.status,
    ft_home: ftHome,
    ft_away: ftAway,
    ht_home: htHome,
    ht_away: htAway,
    et_home: etHome,
    et_away: etAway,
    pen_home: penHome,
    pen_away: penAway,
  }
}

function eventRow(key: string, matchKey: string, goal: Goal, player: string | undefined): EventRow {
  return {
    source_key: key,
    match_id: matchKey,
    kind: goal.ownGoal ? 'own_goal' : goal.penalty ? 'penalty_goal' : 'goal',
    minute: goal.minute,
    stoppage: goal.offset ?? null,
    side: goal.side,
    player_id: player ?? null,
    player_name: goal.name,
  }
}
