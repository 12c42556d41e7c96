// Players come only from the World Cup 2026 squads. Goal scorers are linked to them by
// name: the scorer's own team first (an own goal's scorer plays for the other side), then
// the surname alone within that team (the play-off file writes 'Tonali'), then the one
// player anywhere with that full name.
import { aliasKey } from '../../lib/alias-key.ts'
import type { Position, SquadPlayer } from '../../lib/openfootball/model.ts'
import type { PlayerNames } from './names.ts'
import type { LocalizedName } from './reconcile.ts'
import { uniqueIndex } from './unique-index.ts'

export interface PlayerRow {
  source_key: string
  name: LocalizedName
  position: Position
  shirt_number: number
  date_of_birth: string | null
  /** Source keys of the national team and the club; the writer turns them into ids. */
  nationality_id: string
  club_id: string | null
}

/** A player the scorer lookup can find: from this import's squads or already stored. */
export interface KnownPlayer {
  key: string
  /** Full name, then any aliases. */
  names: string[]
  /** Source key of the national team. */
  team: string | null
}

/** Name and date of birth tell two namesakes apart; no squad player lacks a date of birth. */
export function playerKey(p: SquadPlayer): string {
  return `player:${aliasKey(p.name)}:${p.dateOfBirth ?? p.fifaCode}`
}

/** players.json names a player by name and team; the squads give the team's FIFA code. */
export function buildPlayerArabic(players: PlayerNames[], fifaCodeOfTeam: (team: string) => string | undefined): (p: SquadPlayer) => string | undefined {
  const index = uniqueIndex(players.map((p) => [`${aliasKey(p.name)}:${fifaCodeOfTeam(p.team)}`, p.ar] as const))
  return (p) => index.get(`${aliasKey(p.name)}:${p.fifaCode}`)
}

export function playerRow(p: SquadPlayer, ar: string | undefined, nationKey: string, clubKey: string | undefined): PlayerRow {
  return {
    source_key: playerKey(p),
    name: { en: p.name, ...(ar !== undefined && { ar }) },
    position: p.pos,
    shirt_number: p.number,
    date_of_birth: p.dateOfBirth ?? null,
    nationality_id: nationKey,
    club_id: clubKey ?? null,
  }
}

/** Every trailing run of words: 'Kevin De Bruyne' → 'de bruyne', 'bruyne'. */
function surnames(name: string): string[] {
  const words = aliasKey(name).split(' ')
  return words.slice(1).map((_, i) => words.slice(i + 1).join(' '))
}

export interface ScorerIndex {
  /** The key of the player `name` most likely is, given the team they played for. */
  find(name: string, team: string): string | undefined
}

export function buildScorerIndex(players: KnownPlayer[]): ScorerIndex {
  const perTeam = (keysOf: (p: KnownPlayer) => string[]): Map<string, string> =>
    uniqueIndex(players.flatMap((p) => keysOf(p).map((k) => [`${p.team}|${k}`, p.key] as const)))
  const fullNames = (p: KnownPlayer): string[] => p.names.map(aliasKey)
  const byName = perTeam(fullNames)
  const bySurname = perTeam((p) => p.names.flatMap(surnames))
  const anywhere = uniqueIndex(players.flatMap((p) => fullNames(p).map((k) => [k, p.key] as const)))
  return {
    find(name, team) {
      const key = aliasKey(name)
      return byName.get(`${team}|${key}`) ?? bySurname.get(`${team}|${key}`) ?? anywhere.get(key)
    },
  }
}
