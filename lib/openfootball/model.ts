// The normalised records the openfootball parsers produce. Every source format
// (football.json, worldcup.json, Football.TXT, the clubs directory) is read into
// these shapes, so the database writer only ever deals with one vocabulary.

/** Where a record or an error came from: a 1-based text line, or a JSON pointer. */
export interface SourceRef {
  file: string
  line?: number
  pointer?: string
}

/** A line or element that could not be read; parsing carries on after it. */
export interface ParseError extends SourceRef {
  message: string
}

export interface Competition {
  /** openfootball code: 'en.1', 'uefa.cl', 'cafcl', 'worldcup', 'worldcup.quali' ... */
  key: string
  name: string
  kind: 'league' | 'cup'
  /** openfootball country code of a national league ('en', 'sa', 'eg'); absent for cups. */
  country?: string
}

export interface Season {
  competitionKey: string
  /** '2024/25' for a split-year season, '2022' for a calendar-year tournament. */
  label: string
}

/** [team1, team2] — team1 is the home side. */
export type ScorePair = [number, number]

export interface Score {
  ft?: ScorePair
  ht?: ScorePair
  /** Score after extra time (includes the regular-time goals). */
  et?: ScorePair
  /** Penalty shoot-out. */
  p?: ScorePair
}

export type MatchStatus = 'scheduled' | 'finished' | 'postponed' | 'awarded'

export interface Goal {
  side: 1 | 2
  name: string
  minute: number
  /** Stoppage-time minutes: 90+4 is minute 90, offset 4. */
  offset?: number
  penalty: boolean
  ownGoal: boolean
}

export interface MatchRecord {
  competitionKey: string
  season: string
  round: string
  group?: string
  /** Local calendar date, YYYY-MM-DD. */
  date: string
  /** Local kick-off, HH:MM. */
  time?: string
  /** Minutes east of UTC for `time`, when the source states a zone. */
  utcOffset?: number
  team1: string
  team2: string
  ground?: string
  num?: number
  score: Score
  status: MatchStatus
  goals: Goal[]
  source: SourceRef
}

export type Position = 'GK' | 'DF' | 'MF' | 'FW'

export interface SquadPlayer {
  competitionKey: string
  season: string
  team: string
  fifaCode: string
  number: number
  pos: Position
  name: string
  club?: { name: string; country: string }
  dateOfBirth?: string
  source: SourceRef
}

export interface NationalTeam {
  competitionKey: string
  season: string
  name: string
  nameNormalised?: string
  fifaCode: string
  group: string
  confed: string
  continent: string
  flag: string
  source: SourceRef
}

export interface GroupRecord {
  competitionKey: string
  season: string
  name: string
  teams: string[]
  source: SourceRef
}

export interface ClubEntry {
  name: string
  aliases: string[]
  founded?: number
  ground?: string
  city?: string
  region?: string
  /** Country heading of the directory file, e.g. 'England'. */
  country: string
  /** Canonical name of the first team when this entry is its reserve side (`ii)` lines). */
  reserveOf?: string
  address?: string
  source: SourceRef
}

/** A club name in another language, from `*.clubs.lang.<lang>.txt`. */
export interface ClubNameTranslation {
  name: string
  lang: string
  translation: string
  source: SourceRef
}

export interface Stadium {
  name: string
  aliases: string[]
  /** Names (canonical or alias) that carried a `$Sponsor$` mark, with the marks removed. */
  sponsoredNames: string[]
  city?: string
  capacity?: number
  opened?: number
  /** As written by the source, e.g. 'UTC-6'. */
  timezone?: string
  country?: string
  /** ISO 3166 alpha-2, lower case, when the source gives one. */
  countryCode?: string
  region?: string
  address?: string
  coords?: string
  source: SourceRef
}

/** Everything one or more files yielded. Every parser returns this bag. */
export interface Parsed {
  competitions: Competition[]
  seasons: Season[]
  matches: MatchRecord[]
  squadPlayers: SquadPlayer[]
  teams: NationalTeam[]
  groups: GroupRecord[]
  clubs: ClubEntry[]
  clubTranslations: ClubNameTranslation[]
  stadiums: Stadium[]
  errors: ParseError[]
}

export function emptyParsed(): Parsed {
  return {
    competitions: [],
    seasons: [],
    matches: [],
    squadPlayers: [],
    teams: [],
    groups: [],
    clubs: [],
    clubTranslations: [],
    stadiums: [],
    errors: [],
  }
}
