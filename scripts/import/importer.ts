// The importer: parse every file, resolve names over the whole import, then write each file
// in a transaction of its own. A file with parse errors is reported and skipped whole; a
// file whose write fails is rolled back; either way the other files still import.
import { readdir, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import postgres from 'postgres'
import type { ImportResult } from '../../lib/openfootball/parse-text.ts'
import { isRemote } from '../../lib/openfootball/remote-url.ts'
import { describeConflict, recordConflicts } from './conflicts.ts'
import { formatParseError, parseFootballData } from './index.ts'
import { followMerges, readMergedClubs } from './merged-clubs.ts'
import { loadNames } from './names.ts'
import { planImport, sortForWriting, type FileRows } from './plan.ts'
import type { RemoteLimits } from './remote.ts'
import { readStored, writeRows } from './write.ts'

export interface ImportSummary {
  files: number
  errors: number
  competitions: number
  seasons: number
  clubs: number
  matches: number
  goals: number
  players: number
  changedRows: number
  /** Corrected fields the import brought another value for (kept as corrected, recorded). */
  conflicts: number
}

export interface ImportOptions {
  log?: (line: string) => void
  /** content/names/ by default. */
  namesDir?: string
  /** Size and time limits for files given by URL. */
  remote?: RemoteLimits
}

interface Source {
  file: string
  /** How progress lines name it: relative to the folder it was found in. */
  label: string
}

export async function importFootballData(databaseUrl: string, paths: string[], opts: ImportOptions = {}): Promise<ImportSummary> {
  const log = opts.log ?? (() => {})
  let errors = 0
  const fail = (line: string): void => {
    errors++
    log(line)
  }

  const parsed: { source: Source; result: ImportResult }[] = []
  for (const source of await listSources(paths, fail)) {
    try {
      const result = await parseFootballData(source.file, opts.remote)
      if (result.files.length > 0) parsed.push({ source, result })
    } catch (e) {
      fail(`${source.file}: cannot read: ${message(e)}`)
    }
  }
  // A file with any error is not imported at all, so it is never half in the database.
  const clean = parsed.filter(({ result }) => {
    for (const e of result.errors) fail(formatParseError(e))
    return result.errors.length === 0
  })
  const byFile = new Map(parsed.map((p) => [p.source.file, p]))

  const names = await loadNames(opts.namesDir)
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  const written = new Map<string, FileRows>()
  let changedRows = 0
  let conflicts = 0
  try {
    const plan = planImport(sortForWriting(clean.map((p) => p.result)), names, await readStored(sql))
    const merged = await readMergedClubs(sql)
    const total = plan.files.length + (parsed.length - clean.length)
    let n = 0
    for (const { result, source } of parsed.filter((p) => !clean.includes(p))) {
      log(`[${++n}/${total}] ${source.label} — not imported: ${result.errors.length} parse error(s)`)
    }
    for (const { file, rows: planned } of plan.files) {
      const { source, result } = byFile.get(file)!
      const rows = followMerges(planned, merged)
      const prefix = `[${++n}/${total}] ${source.label}`
      try {
        const [changed, met] = await sql.begin(async (tx) => [await writeRows(tx, rows), await recordConflicts(tx, rows, source.label)] as const)
        changedRows += changed
        conflicts += met.length
        written.set(file, rows)
        log(`${prefix} — ${describe(result)}; ${changed} row(s) changed`)
        for (const conflict of met) log(`  ${describeConflict(conflict)}`)
      } catch (e) {
        fail(`${prefix} — not imported: ${message(e)}`)
      }
    }
    if (plan.unmapped.grounds.length > 0) log(`grounds without a stadium: ${plan.unmapped.grounds.join('; ')}`)
    if (plan.unmapped.scorers.length > 0) log(`scorers matched to no player: ${plan.unmapped.scorers.length}`)
  } finally {
    await sql.end()
  }

  const distinct = (pick: (rows: FileRows) => string[]): number => new Set([...written.values()].flatMap(pick)).size
  return {
    files: parsed.length,
    errors,
    competitions: distinct((r) => r.competitions.map((c) => c.id)),
    seasons: distinct((r) => r.seasons.map((s) => `${s.competition_id} ${s.label}`)),
    clubs: distinct((r) => [
      ...r.clubs.map((c) => c.source_key),
      ...r.matches.flatMap((m) => [m.home_club_id, m.away_club_id]),
      ...r.players.flatMap((p) => (p.club_id === null ? [p.nationality_id] : [p.nationality_id, p.club_id])),
    ]),
    matches: distinct((r) => r.matches.map((m) => m.source_key)),
    goals: distinct((r) => r.events.map((e) => e.source_key)),
    players: distinct((r) => r.players.map((p) => p.source_key)),
    changedRows,
    conflicts,
  }
}

/** Every file under the given files and folders, in path order, and the URLs as given; a path that is missing is an error. */
async function listSources(paths: string[], fail: (line: string) => void): Promise<Source[]> {
  const sources: Source[] = []
  for (const path of paths) {
    if (isRemote(path)) {
      sources.push({ file: path, label: path })
      continue
    }
    try {
      if (!(await stat(path)).isDirectory()) {
        sources.push({ file: path, label: path })
        continue
      }
      const entries = await readdir(path, { recursive: true, withFileTypes: true })
      const files = entries.filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name))
      for (const file of files.sort()) sources.push({ file, label: relative(path, file) })
    } catch (e) {
      fail(`${path}: cannot read: ${message(e)}`)
    }
  }
  return sources
}

/** What a file holds, for its progress line: '380 matches', '64 matches, 172 goals'. */
function describe(r: ImportResult): string {
  const counts: [number, string][] = [
    [r.matches.length, 'matches'],
    [r.matches.reduce((n, m) => n + m.goals.length, 0), 'goals'],
    [r.squadPlayers.length, 'players'],
    [r.teams.length, 'teams'],
    [r.groups.length, 'groups'],
    [r.stadiums.length, 'stadiums'],
    [r.clubs.length, 'directory clubs'],
    [r.clubTranslations.length, 'club names'],
  ]
  return counts.filter(([count]) => count > 0).map(([count, what]) => `${count} ${what}`).join(', ') || 'nothing to import'
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}
