// Reading untrusted JSON: parse errors carry a line number, and field readers `fail`
// with a message naming the field, so `attempt` can report the element and move on.
import { seasonOfFolder } from './competition.ts'
import { fail } from './errors.ts'
import type { ParseError } from './model.ts'

export type JsonObject = { [key: string]: unknown }

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** JSON.parse, reporting a syntax error at its line when V8 names a position. Returns undefined on failure. */
function parseJson(text: string, file: string, errors: ParseError[]): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    const error: ParseError = { file, message: `invalid JSON: ${message}` }
    const position = /position (\d+)/.exec(message)
    if (position) error.line = text.slice(0, Number(position[1])).split('\n').length
    errors.push(error)
    return undefined
  }
}

export function asObject(v: unknown, what: string): JsonObject {
  return isObject(v) ? v : fail(`${what} must be an object, got ${JSON.stringify(v)}`)
}

export function optText(o: JsonObject, key: string): string | undefined {
  const v = o[key]
  if (v === undefined) return undefined
  return typeof v === 'string' && v.trim() !== '' ? v : fail(`"${key}" must be a non-empty string, got ${JSON.stringify(v)}`)
}

export function text(o: JsonObject, key: string): string {
  return optText(o, key) ?? fail(`"${key}" is missing`)
}

export function optInt(o: JsonObject, key: string): number | undefined {
  const v = o[key]
  if (v === undefined) return undefined
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v
  return fail(`"${key}" must be a whole number, got ${JSON.stringify(v)}`)
}

export function int(o: JsonObject, key: string): number {
  return optInt(o, key) ?? fail(`"${key}" is missing`)
}

export function optFlag(o: JsonObject, key: string): boolean {
  const v = o[key]
  if (v === undefined) return false
  return typeof v === 'boolean' ? v : fail(`"${key}" must be true or false, got ${JSON.stringify(v)}`)
}

export function optList(o: JsonObject, key: string): unknown[] | undefined {
  const v = o[key]
  if (v === undefined) return undefined
  return Array.isArray(v) ? v : fail(`"${key}" must be an array`)
}

export function list(o: JsonObject, key: string): unknown[] {
  return optList(o, key) ?? fail(`"${key}" is missing`)
}

/** football.json and worldcup.json files both sit in a season folder (2024-25/, 2022/). */
export function openSeasonJson(text: string, file: string, errors: ParseError[]): { doc: unknown; season: string } | undefined {
  const season = seasonOfFolder(file)
  if (season === undefined) {
    errors.push({ file, message: 'expected the file inside a season folder such as 2024-25/ or 2022/' })
    return undefined
  }
  const doc = parseJson(text, file, errors)
  return doc === undefined ? undefined : { doc, season }
}
