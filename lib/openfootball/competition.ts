// Competition and season identity: derived from the file path (the authority, since
// titles are not stable across seasons) and checked against the title in the file.
import { basename, dirname } from './file-path.ts'
import type { Competition, Parsed, SourceRef } from './model.ts'

/** '2024-25' (folder and file-name form) → '2024/25'; a calendar year '2022' stays. */
export function seasonLabel(raw: string): string | undefined {
  const split = /^(\d{4})-(\d{2})$/.exec(raw)
  if (split) return `${split[1]}/${split[2]}`
  return /^\d{4}$/.test(raw) ? raw : undefined
}

export function seasonStartYear(label: string): number {
  return Number(label.slice(0, 4))
}

/** JSON files sit in a season folder: football.json/2024-25/en.1.json, worldcup.json/2022/worldcup.json. */
export function seasonOfFolder(file: string): string | undefined {
  return seasonLabel(basename(dirname(file)))
}

/**
 * Splits 'English Premier League 2023/24' into name and season. The season token can sit
 * mid-title ('World Cup 2026 Qualifying'), and newer titles put a pipe between country
 * and league ('Egypt | Premiership 2024/25'), which becomes a plain space.
 */
function splitTitle(title: string): { name: string; season?: string } {
  const token = /\s+(\d{4}(?:\/\d{2})?)(?=\s|$)/.exec(title)
  const rest = token ? title.slice(0, token.index) + title.slice(token.index + token[0].length) : title
  return { name: rest.replace(/\s*\|\s*/, ' ').trim(), season: token?.[1] }
}

/** National leagues are keyed '<country>.<tier>' ('en.1', 'sa.1'); everything else is a cup. */
export function addCompetition(out: Parsed, at: SourceRef, key: string, season: string, title: string): void {
  const parts = splitTitle(title)
  if (parts.season !== undefined && parts.season !== season) {
    out.errors.push({ ...at, message: `title season ${parts.season} does not match ${season} from the file path` })
  }
  const league = /^([a-z]+)\.\d+$/.exec(key)
  const competition: Competition = { key, name: parts.name || key, kind: league ? 'league' : 'cup' }
  if (league) competition.country = league[1]
  out.competitions.push(competition)
  out.seasons.push({ competitionKey: key, label: season })
}
