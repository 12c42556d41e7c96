// The clubs/ directory: club files (*.clubs.txt), stadium files (*.stadiums.txt) and
// club-name translations (*.clubs.lang.<lang>.txt). Club and stadium files share one
// outline: `= Country` and `== Region ==` headings, an entry line, then indented
// `| alias` and `street // postcode city` lines that belong to the entry above.
import { basename } from './file-path.ts'
import { attempt, fail } from './errors.ts'
import { emptyParsed, type ClubEntry, type ParseError, type Parsed, type SourceRef, type Stadium } from './model.ts'
import { splitLines, stripComment } from './text.ts'

interface OutlineEntry {
  /** The entry line split on commas, empty fields dropped. */
  fields: string[]
  aliases: string[]
  address?: string
  /** `ii) Bayern München II`: a reserve side listed under its first team. */
  reserve: boolean
  country?: string
  region?: string
  source: SourceRef
}

function readOutline(text: string, file: string, errors: ParseError[]): OutlineEntry[] {
  const entries: OutlineEntry[] = []
  let country: string | undefined
  let region: string | undefined
  splitLines(text).forEach((raw, i) => {
    const source = { file, line: i + 1 }
    const line = stripComment(raw)
    const trimmed = line.trim()
    if (trimmed === '') return
    if (trimmed.startsWith('=')) {
      const heading = readHeading(trimmed)
      if (heading.country !== undefined) {
        country = heading.country
        region = undefined
      } else if ('region' in heading) {
        region = heading.region
      }
      return
    }
    const entry = entries.at(-1)
    if (/^\s/.test(line) || trimmed.startsWith('|')) {
      if (!entry) errors.push({ ...source, message: 'alias or address line before any entry' })
      // Addresses ('Säbener Straße 51-57 // 81547 München') appear in club files too.
      else if (trimmed.includes('//')) entry.address = trimmed.split('//').map((s) => s.trim()).join(', ')
      // de.clubs.txt lists VfV Hildesheim's aliases indented but without the `|`.
      else entry.aliases.push(...splitAliases(trimmed))
      return
    }
    const reserve = trimmed.startsWith('ii)')
    const fields = (reserve ? trimmed.slice(3) : trimmed).split(',').map((f) => f.trim()).filter((f) => f !== '')
    entries.push({ fields, aliases: [], reserve, country, region, source })
  })
  return entries
}

/**
 * '=== … ===' rules are decoration; '= Spain • España' names the country (the native
 * name after '•' is dropped); '== Bayern ==' names a region, '== ?? ==' an unknown one.
 */
function readHeading(line: string): { country?: string; region?: string } {
  if (/^=+$/.test(line)) return {}
  const region = /^==\s*(.*?)\s*=*$/.exec(line)
  if (region) return { region: /^\?+$/.test(region[1] ?? '') ? undefined : region[1] }
  return { country: line.replace(/^=\s*/, '').split('•')[0]?.trim() }
}

/** `| Arsenal | FC Arsenal`, `| Bayern Munich [en]`: several per line, language tags dropped. */
function splitAliases(line: string): string[] {
  return line
    .split('|')
    .map((a) => a.replace(/\[[a-z]{2}\]/g, '').trim())
    .filter((a) => a !== '')
}

export function parseClubsTxt(text: string, file: string): Parsed {
  const out = emptyParsed()
  let firstTeam: string | undefined
  for (const entry of readOutline(text, file, out.errors)) {
    const club = attempt(out.errors, entry.source, () => readClub(entry, entry.reserve ? firstTeam : undefined))
    if (!club) continue
    if (!entry.reserve) firstTeam = club.name
    out.clubs.push(club)
  }
  return out
}

/** `Name[, founded][, @ Ground][, City [› Region]]` — everything after the name is optional. */
function readClub(entry: OutlineEntry, reserveOf: string | undefined): ClubEntry {
  const [name, ...rest] = entry.fields
  if (name === undefined) fail('empty entry line')
  if (entry.country === undefined) fail('club entry before any "= Country" heading')
  if (entry.reserve && reserveOf === undefined) fail('reserve side "ii)" before any first team')
  const founded = /^\d{4}$/.test(rest[0] ?? '') ? Number(rest.shift()) : undefined
  const ground = rest[0]?.startsWith('@') ? rest.shift()?.slice(1).trim() : undefined
  const [city, lineRegion] = (rest.shift() ?? '').split('›').map((s) => s.trim())
  // eng.clubs.txt writes 'Nelson FC, Nelson, Lancashire' where others write 'Nelson › Lancashire'.
  const region = lineRegion ?? rest.shift() ?? entry.region
  if (rest.length > 0) fail(`unexpected fields after the city: ${rest.join(', ')}`)
  return {
    name,
    aliases: entry.aliases,
    founded,
    ground,
    city: city || undefined,
    region,
    country: entry.country,
    reserveOf,
    address: entry.address,
    source: entry.source,
  }
}

export function parseStadiumsTxt(text: string, file: string): Parsed {
  const out = emptyParsed()
  for (const entry of readOutline(text, file, out.errors)) {
    const stadium = attempt(out.errors, entry.source, () => readStadium(entry))
    if (stadium) out.stadiums.push(stadium)
  }
  return out
}

/**
 * `Name[, capacity][, opened], City`. Capacity and year come in either order
 * ('Stade Geoffroy-Guichard, 1931, 41_000') and either may be missing, so they are
 * told apart by form: `_` thousands separator or not a plausible year → capacity.
 */
function readStadium(entry: OutlineEntry): Stadium {
  const [first, ...rest] = entry.fields
  if (first === undefined) fail('empty entry line')
  // es.stadiums.txt lacks a comma in 'Estadio Vicente Calderón (-2017)   55_005, 1966'.
  const glued = /^(.*\S)\s+(\d{1,3}(?:_\d{3})+)$/.exec(first)
  if (glued?.[1] !== undefined && glued[2] !== undefined) rest.unshift(glued[2])
  const names = [glued?.[1] ?? first, ...entry.aliases]
  let capacity: number | undefined
  let opened: number | undefined
  const places: string[] = []
  for (const field of rest) {
    if (!/^\d[\d_]*$/.test(field)) places.push(field)
    else if (!field.includes('_') && /^(18|19|20)\d\d$/.test(field)) opened = Number(field)
    else capacity = Number(field.replaceAll('_', ''))
  }
  if (places.length > 1) fail(`unexpected fields: ${places.join(', ')}`)
  const [name = '', ...aliases] = names.map(unmarkSponsor)
  return {
    name,
    aliases,
    sponsoredNames: names.filter((n) => n.includes('$')).map(unmarkSponsor),
    city: places[0],
    capacity,
    opened,
    country: entry.country,
    region: entry.region,
    address: entry.address,
    source: entry.source,
  }
}

/** `$Emirates$ Stadium` → 'Emirates Stadium'; `$Bay$Arena` → 'BayArena'. */
function unmarkSponsor(name: string): string {
  return name.replaceAll('$', '')
}

/**
 * `English name,   translation` per line (eg.clubs.lang.ar.txt). The Arabic side uses
 * Wikipedia-style underscores for spaces in four names and one ends in a U+200E mark.
 */
export function parseClubNamesTxt(text: string, file: string): Parsed {
  const out = emptyParsed()
  const lang = /\.clubs\.lang\.([a-z]{2,3})\.txt$/.exec(basename(file))?.[1]
  if (lang === undefined) {
    out.errors.push({ file, message: 'expected a file name like eg.clubs.lang.ar.txt' })
    return out
  }
  splitLines(text).forEach((raw, i) => {
    const source = { file, line: i + 1 }
    const line = stripComment(raw).trim()
    if (line === '') return
    const translation = attempt(out.errors, source, () => {
      const comma = line.indexOf(',')
      if (comma === -1) fail(`expected "name, translation", got "${line}"`)
      const name = line.slice(0, comma).trim()
      const translated = line
        .slice(comma + 1)
        .replace(/[\u200E\u200F]/g, '')
        .replaceAll('_', ' ')
        .replace(/\s+/g, ' ')
        .trim()
      if (name === '' || translated === '') fail(`expected "name, translation", got "${line}"`)
      return { name, lang, translation: translated, source }
    })
    if (translation) out.clubTranslations.push(translation)
  })
  return out
}
