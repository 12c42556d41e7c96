// One bad line or element must not stop a file: readers `fail` with a message and
// `attempt` records it as a ParseError at that line/element, then parsing goes on.
import type { ParseError, SourceRef } from './model.ts'

export function fail(message: string): never {
  throw new Error(message)
}

/** Runs `read`; anything it throws becomes a ParseError at `at` and yields undefined. */
export function attempt<T>(errors: ParseError[], at: SourceRef, read: () => T): T | undefined {
  try {
    return read()
  } catch (e) {
    errors.push({ ...at, message: e instanceof Error ? e.message : String(e) })
    return undefined
  }
}
