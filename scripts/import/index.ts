// Entry point of the parsing half of the importer: give it a file or a folder of
// openfootball data and get back every normalised record plus every parse error.
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { emptyParsed, type ParseError } from '../../lib/openfootball/model.ts'
import { type ImportResult, parseText } from '../../lib/openfootball/parse-text.ts'
import { isRemote, remoteFileName, remoteUrl } from '../../lib/openfootball/remote-url.ts'
import { fetchText, REMOTE_LIMITS, type RemoteLimits } from './remote.ts'

/** Parses a file, every file under a folder (recursively, in path order), or a file at an https:// URL. */
export async function parseFootballData(path: string, limits: RemoteLimits = REMOTE_LIMITS): Promise<ImportResult> {
  if (isRemote(path)) {
    const url = remoteUrl(path)
    return parseText(await fetchText(url, limits), remoteFileName(url))
  }
  const entries = (await stat(path)).isDirectory() ? await readdir(path, { recursive: true, withFileTypes: true }) : undefined
  const files = entries ? entries.filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name)) : [path]
  const results = await Promise.all(files.sort().map(async (file) => parseText(await readFile(file, 'utf8'), file)))
  return merge(results)
}

function merge(results: ImportResult[]): ImportResult {
  const all: ImportResult = { ...emptyParsed(), files: [], skipped: [] }
  for (const r of results) {
    for (const key of Object.keys(all) as (keyof ImportResult)[]) (all[key] as unknown[]).push(...r[key])
  }
  // Each match file restates its competition and the last one seen wins: paths sort
  // by season within each source folder, so that is the newest season's title.
  all.competitions = [...new Map(all.competitions.map((c) => [c.key, c])).values()]
  all.seasons = [...new Map(all.seasons.map((s) => [`${s.competitionKey} ${s.label}`, s])).values()]
  return all
}

/** 'path:12: message' for text files, 'path#/matches/3: message' for JSON. */
export function formatParseError(e: ParseError): string {
  const at = e.line !== undefined ? `:${e.line}` : e.pointer !== undefined ? `#${e.pointer}` : ''
  return `${e.file}${at}: ${e.message}`
}
