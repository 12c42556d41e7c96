// worldcup.json files: worldcup.json/<season>/<competition>[.<part>].json. The kind of
// file (matches, squads, teams, groups, stadiums) is read from the document's shape.
import { basename } from './file-path.ts'
import { attempt, fail } from './errors.ts'
import { readMatchFile, type JsonFileContext } from './json-match.ts'
import { asObject, int, isObject, list, openSeasonJson, optText, text, type JsonObject } from './json-input.ts'
import { checkIsoDate } from './match-fields.ts'
import { emptyParsed, type Parsed, type Position, type SourceRef, type SquadPlayer } from './model.ts'

export function parseWorldcupJson(fileText: string, file: string): Parsed {
  const out = emptyParsed()
  const opened = openSeasonJson(fileText, file, out.errors)
  if (!opened) return out
  const { doc, season } = opened
  const ctx: JsonFileContext = { file, competitionKey: worldcupKey(file), season }
  const first: unknown = Array.isArray(doc) ? doc[0] : undefined
  if (isObject(doc) && Array.isArray(doc.matches)) readMatchFile(doc, ctx, out)
  else if (isObject(doc) && Array.isArray(doc.groups)) readGroups(doc.groups, ctx, out)
  else if (isObject(doc) && Array.isArray(doc.stadiums)) readStadiums(doc.stadiums, ctx, out)
  else if (Array.isArray(doc) && isObject(first) && Array.isArray(first.players)) readSquads(doc, ctx, out)
  else if (Array.isArray(doc) && isObject(first) && 'confed' in first) readTeams(doc, ctx, out)
  else out.errors.push({ file, message: 'not a worldcup.json matches, squads, teams, groups or stadiums file' })
  return out
}

/**
 * The part after the first dot (groups, squads, teams, stadiums) belongs to the
 * competition, except the qualifying play-offs, which are a competition of their own:
 * 2026/worldcup.quali_playoffs.json → 'worldcup.quali'.
 */
function worldcupKey(file: string): string {
  const [competition = '', part] = basename(file, '.json').split('.')
  return part?.startsWith('quali') ? `${competition}.quali` : competition
}

/** Reads each element on its own, so one bad element is reported and the rest still load. */
type ReadElement = (element: JsonObject, source: SourceRef) => void

function eachElement(items: unknown[], ctx: JsonFileContext, out: Parsed, pointer: string, read: ReadElement): void {
  items.forEach((item, i) => {
    const source = { file: ctx.file, pointer: `${pointer}/${i}` }
    attempt(out.errors, source, () => read(asObject(item, 'element'), source))
  })
}

function readGroups(groups: unknown[], ctx: JsonFileContext, out: Parsed): void {
  eachElement(groups, ctx, out, '/groups', (g, source) => {
    const teams = list(g, 'teams')
    if (!teams.every((t) => typeof t === 'string')) fail('"teams" must be a list of team names')
    out.groups.push({ competitionKey: ctx.competitionKey, season: ctx.season, name: text(g, 'name'), teams, source })
  })
}

function readStadiums(stadiums: unknown[], ctx: JsonFileContext, out: Parsed): void {
  eachElement(stadiums, ctx, out, '/stadiums', (s, source) => {
    out.stadiums.push({
      name: text(s, 'name'),
      aliases: [],
      sponsoredNames: [],
      city: text(s, 'city'),
      capacity: int(s, 'capacity'),
      timezone: text(s, 'timezone'),
      countryCode: optText(s, 'cc'),
      coords: optText(s, 'coords'),
      source,
    })
  })
}

function readTeams(teams: unknown[], ctx: JsonFileContext, out: Parsed): void {
  eachElement(teams, ctx, out, '', (t, source) => {
    out.teams.push({
      competitionKey: ctx.competitionKey,
      season: ctx.season,
      name: text(t, 'name'),
      nameNormalised: optText(t, 'name_normalised'),
      fifaCode: text(t, 'fifa_code'),
      group: text(t, 'group'),
      confed: text(t, 'confed'),
      continent: text(t, 'continent'),
      flag: text(t, 'flag_icon'),
      source,
    })
  })
}

function isPosition(pos: string): pos is Position {
  return pos === 'GK' || pos === 'DF' || pos === 'MF' || pos === 'FW'
}

function readSquads(squads: unknown[], ctx: JsonFileContext, out: Parsed): void {
  eachElement(squads, ctx, out, '', (squad, squadSource) => {
    const team = text(squad, 'name')
    const fifaCode = text(squad, 'fifa_code')
    eachElement(list(squad, 'players'), ctx, out, `${squadSource.pointer}/players`, (p, source) => {
      const pos = text(p, 'pos')
      if (!isPosition(pos)) fail(`unknown position "${pos}"`)
      const dateOfBirth = optText(p, 'date_of_birth')
      const player: SquadPlayer = {
        competitionKey: ctx.competitionKey,
        season: ctx.season,
        team,
        fifaCode,
        number: int(p, 'number'),
        pos,
        name: text(p, 'name'),
        club: p.club === undefined ? undefined : readClub(p.club),
        dateOfBirth: dateOfBirth === undefined ? undefined : checkIsoDate(dateOfBirth),
        source,
      }
      out.squadPlayers.push(player)
    })
  })
}

function readClub(raw: unknown): { name: string; country: string } {
  const club = asObject(raw, '"club"')
  return { name: text(club, 'name'), country: text(club, 'country') }
}
