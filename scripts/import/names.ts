// The team's own naming, in content/names/: Arabic (and short English) names for
// competitions, clubs, national teams and squad players. The open data has no Arabic, so
// this is the only place Arabic names come from besides eg.clubs.lang.ar.txt.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

export const NAMES_DIR = new URL('../../content/names/', import.meta.url).pathname

export interface CompetitionNames {
  key: string
  en: string
  ar: string
  en_short: string
  ar_short: string
}

/** One club under every spelling the data uses for it. */
export interface ClubNames {
  names: string[]
  ar: string
  ar_short: string
  en_short: string
}

export interface NationNames {
  names: string[]
  fifa_code: string
  ar: string
}

export interface PlayerNames {
  name: string
  /** The national team, as the squads file names it. */
  team: string
  ar: string
}

export interface Names {
  competitions: CompetitionNames[]
  clubs: ClubNames[]
  nations: NationNames[]
  players: PlayerNames[]
}

async function readList<T>(dir: string, file: string): Promise<T[]> {
  const path = join(dir, file)
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'))
  if (!Array.isArray(parsed)) throw new Error(`${path}: expected a JSON array`)
  return parsed as T[]
}

export async function loadNames(dir = NAMES_DIR): Promise<Names> {
  const [competitions, clubs, nations, players] = await Promise.all([
    readList<CompetitionNames>(dir, 'competitions.json'),
    readList<ClubNames>(dir, 'clubs.json'),
    readList<NationNames>(dir, 'nations.json'),
    readList<PlayerNames>(dir, 'players.json'),
  ])
  return { competitions, clubs, nations, players }
}
