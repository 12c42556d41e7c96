// What the files do not say about a competition: its names in both languages (from
// content/names/competitions.json), its ISO country, the zone its kick-off times are written
// in, and where it sorts on the home page.
import { addCompetition } from '../../lib/openfootball/competition.ts'
import { emptyParsed, type Competition } from '../../lib/openfootball/model.ts'
import { isoOfLeagueCode } from './countries.ts'
import type { CompetitionNames } from './names.ts'

/** National leagues keep local time; the zone follows the country prefix, so en.2 is London too. */
const LEAGUE_ZONES: { [country: string]: string } = {
  en: 'Europe/London',
  es: 'Europe/Madrid',
  it: 'Europe/Rome',
  de: 'Europe/Berlin',
  fr: 'Europe/Paris',
  eg: 'Africa/Cairo',
  sa: 'Asia/Riyadh',
  dz: 'Africa/Algiers',
  ma: 'Africa/Casablanca',
}

const CUP_ZONES: { [key: string]: string } = {
  // UEFA publishes and openfootball writes Champions League times in Central European time.
  'uefa.cl': 'Europe/Berlin',
  cafcl: 'Africa/Cairo',
  // 2022 times are Qatar local; the 2026 file writes a zone on every time.
  worldcup: 'Asia/Qatar',
  // The 2025 Club World Cup file gives US Eastern times for every venue.
  clubworldcup: 'America/New_York',
  // Every play-off time carries its zone (CET, CEST, UTC-6), so there is no implied one.
  'worldcup.quali': 'UTC',
}

/** The flagship competitions first; everything not listed sorts after them at the default 100. */
const PRIORITY = ['en.1', 'es.1', 'sa.1', 'eg.1', 'uefa.cl', 'worldcup', 'clubworldcup', 'it.1', 'de.1', 'fr.1', 'cafcl', 'ma.1', 'dz.1', 'worldcup.quali']

export interface CompetitionRow {
  id: string
  kind: 'league' | 'cup'
  name: { en: string; ar?: string }
  short_name: { en: string; ar?: string }
  country: string | null
  timezone: string
  priority: number
}

/**
 * The competition a record belongs to when its file has no title of its own (squads, teams,
 * groups): the parser's rule for the key gives kind and country, the key stands in for a title.
 */
export function competitionOfKey(key: string, season: string, file: string): Competition {
  const scratch = emptyParsed()
  addCompetition(scratch, { file }, key, season, key)
  return scratch.competitions[0]!
}

export function competitionRow(c: Competition, names: CompetitionNames | undefined): CompetitionRow {
  const en = names?.en ?? c.name
  return {
    id: c.key,
    kind: c.kind,
    name: { en, ...(names && { ar: names.ar }) },
    short_name: { en: names?.en_short ?? en, ...(names && { ar: names.ar_short }) },
    country: isoOfLeagueCode(c.country) ?? null,
    timezone: competitionZone(c),
    priority: PRIORITY.includes(c.key) ? PRIORITY.indexOf(c.key) + 1 : 100,
  }
}

/** The zone a competition's kick-off times are written in when they carry none. */
export function competitionZone(c: Competition): string {
  return (c.country === undefined ? CUP_ZONES[c.key] : LEAGUE_ZONES[c.country]) ?? 'UTC'
}
