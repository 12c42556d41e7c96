// One file's text through the parser its name and content call for. Pure (no file system),
// so the worker's openfootball sync parses fetched text exactly as the importer does.
import { parseClubNamesTxt, parseClubsTxt, parseStadiumsTxt } from './clubs-txt.ts'
import { detectFile, type ParserKind } from './detect.ts'
import { parseFootballJson } from './football-json.ts'
import { parseFootballTxt } from './football-txt.ts'
import { emptyParsed, type Parsed } from './model.ts'
import { parseWorldcupJson } from './worldcup-json.ts'

const PARSERS: { [kind in ParserKind]: (text: string, file: string) => Parsed } = {
  'football-json': parseFootballJson,
  'worldcup-json': parseWorldcupJson,
  'football-txt': parseFootballTxt,
  'clubs-txt': parseClubsTxt,
  'stadiums-txt': parseStadiumsTxt,
  'club-names-txt': parseClubNamesTxt,
}

export interface ImportResult extends Parsed {
  files: { file: string; kind: ParserKind }[]
  skipped: { file: string; reason: string }[]
}

/** Parses one file's text; `file` is its path, from which competition and season are derived. */
export function parseText(text: string, file: string): ImportResult {
  const result: ImportResult = { ...emptyParsed(), files: [], skipped: [] }
  const detected = detectFile(file, text)
  if (detected.kind === 'skip') {
    result.skipped.push({ file, reason: detected.reason })
    return result
  }
  result.files.push({ file, kind: detected.kind })
  return { ...result, ...PARSERS[detected.kind](text, file) }
}
