/** Largest id that Postgres bigint and a JavaScript number both hold exactly. */
const MAX_ID = Number.MAX_SAFE_INTEGER

/** A row id from a URL segment: digits only, no leading zero, in range; else null (404). */
export function parseId(raw: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(raw)) return null
  const id = Number(raw)
  return id <= MAX_ID ? id : null
}
