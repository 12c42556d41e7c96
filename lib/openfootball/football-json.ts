// football.json league and UEFA Champions League files: football.json/<season>/<key>.json,
// e.g. 2024-25/en.1.json → competition 'en.1', season '2024/25'.
import { basename } from './file-path.ts'
import { readMatchFile } from './json-match.ts'
import { isObject, openSeasonJson } from './json-input.ts'
import { emptyParsed, type Parsed } from './model.ts'

export function parseFootballJson(text: string, file: string): Parsed {
  const out = emptyParsed()
  const opened = openSeasonJson(text, file, out.errors)
  if (!opened) return out
  if (!isObject(opened.doc)) {
    out.errors.push({ file, message: 'expected a football.json object { name, matches }' })
    return out
  }
  // UCL team names keep their "(ENG)" suffix; aliases.ts strips it when reconciling.
  readMatchFile(opened.doc, { file, competitionKey: basename(file, '.json'), season: opened.season }, out)
  return out
}
