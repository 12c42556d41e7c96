// Stadiums are described by the directory (clubs/*.stadiums.txt) and by the World Cup
// stadium files, the Qatar ones by both. Records that share a name or alias are one stadium,
// so matches (`ground`), clubs (`@ Ground`) and both files reach one row.
import { aliasKey } from '../../lib/alias-key.ts'
import type { Stadium } from '../../lib/openfootball/model.ts'
import { isoOfCountryName } from './countries.ts'
import { uniqueIndex } from './unique-index.ts'

export interface StadiumRow {
  source_key: string
  name: string
  city: string | null
  country: string | null
  capacity: number | null
  opened: number | null
  timezone: string | null
}

export interface StadiumRegistry {
  /** The row of the stadium `record` describes. */
  rowOf(record: Stadium): StadiumRow
  /** Key of the stadium a club's `@ Ground` names. */
  byName(name: string): string | undefined
  /**
   * Key of the stadium a match's `ground` names: 'Lusail Iconic Stadium, Lusail' by its name,
   * 2026's bare 'Atlanta' or 'Boston (Foxborough)' by the one stadium in that city.
   */
  ofGround(ground: string): string | undefined
}

/** worldcup.json/2022 numbers the cities that have two or three venues: 'Al Rayyan (2)'. */
function cleanCity(city: string | undefined): string | undefined {
  return city?.replace(/\s+\(\d\)$/, '')
}

const names = (s: Stadium): string[] => [s.name, ...s.aliases, ...s.sponsoredNames]

export function buildStadiumRegistry(records: Stadium[]): StadiumRegistry {
  // The directory's records come first: they carry aliases, opening years and countries.
  const ordered = [...records].sort((a, b) => Number(b.source.file.endsWith('.txt')) - Number(a.source.file.endsWith('.txt')))
  const groups: Stadium[][] = []
  const groupOf = new Map<string, Stadium[]>()
  for (const record of ordered) {
    const group = names(record).map((n) => groupOf.get(aliasKey(n))).find((g) => g !== undefined) ?? []
    if (group.length === 0) groups.push(group)
    group.push(record)
    for (const n of names(record)) if (!groupOf.has(aliasKey(n))) groupOf.set(aliasKey(n), group)
  }
  const rows = new Map<Stadium[], StadiumRow>(groups.map((g) => [g, mergeRow(g)]))
  const byName = uniqueIndex(groups.flatMap((g) => g.flatMap((s) => names(s).map((n) => [aliasKey(n), rows.get(g)!.source_key] as const))))
  const byCity = uniqueIndex([...rows.values()].flatMap((r) => (r.city === null ? [] : [[aliasKey(r.city), r.source_key] as const])))
  const lookupName = (name: string): string | undefined => byName.get(aliasKey(name))
  return {
    rowOf: (record) => rows.get(groupOf.get(aliasKey(record.name))!)!,
    byName: lookupName,
    ofGround: (ground) => lookupName(ground) ?? lookupName(ground.split(',')[0]!) ?? byCity.get(aliasKey(ground)),
  }
}

/** Each field from the first record that has it. */
function mergeRow(group: Stadium[]): StadiumRow {
  const first = <T>(pick: (s: Stadium) => T | undefined): T | null => group.map(pick).find((v) => v !== undefined) ?? null
  const name = group[0]!.name
  return {
    source_key: `stadium:${aliasKey(name)}`,
    name,
    city: first((s) => cleanCity(s.city)),
    country: first((s) => s.countryCode?.toUpperCase() ?? isoOfCountryName(s.country)),
    capacity: first((s) => s.capacity),
    opened: first((s) => s.opened),
    timezone: first((s) => s.timezone),
  }
}
