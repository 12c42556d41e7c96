// The players the console's pickers offer for one side: the team sheet's first (starters,
// then bench), then the rest of the squad. Editors may type any other name.
import type { Lineup, SquadPlayer } from '../../lib/live.ts'
import { localized } from '../../lib/localized.ts'
import type { Locale } from '../../lib/locales.ts'

export interface PlayerChoice {
  id: number | null
  name: string
  shirtNumber: number | null
}

export function playerChoices(lineup: Lineup | null, squad: SquadPlayer[], lang: Locale): PlayerChoice[] {
  const listed = [...(lineup?.starters ?? []), ...(lineup?.bench ?? [])].map((p) => ({
    id: p.playerId,
    name: (p.player && localized(p.player, lang)) || p.name,
    shirtNumber: p.shirtNumber,
  }))
  const ids = new Set(listed.map((p) => p.id))
  const rest = squad.filter((p) => !ids.has(p.id)).map((p) => ({ id: p.id, name: localized(p.name, lang), shirtNumber: p.shirtNumber }))
  return [...listed, ...rest].filter((p) => p.name !== '')
}

/** The id of the player a typed name is, when it is exactly one of the choices; a new name has none. */
export function idOf(name: string, choices: PlayerChoice[]): number | null {
  return choices.find((p) => p.name === name.trim())?.id ?? null
}
