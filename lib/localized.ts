// Localized text by the spec's slug-value rule (§3): a value is an object {en, ar} or a
// string; a string that looks like an object is parsed as JSON; any other string stands
// for both languages; display picks the requested language, then English, then ''.
import type { Locale } from './locales.ts'

// A type rather than an interface: an interface has no index signature, and the queries
// hand this value to postgres.js's `sql.json`, which takes only JSON-shaped types.
export type LocalizedText = Partial<Record<Locale, string>>

function looksLikeObject(value: string): boolean {
  const trimmed = value.trim()
  return trimmed.startsWith('{') && trimmed.endsWith('}')
}

/** The value as {en, ar}; anything unreadable becomes the empty object. */
export function parseLocalized(value: unknown): LocalizedText {
  if (typeof value === 'string') {
    if (looksLikeObject(value)) {
      try {
        return parseLocalized(JSON.parse(value) as unknown)
      } catch {
        // Not JSON after all: the text stands for both languages.
      }
    }
    return { en: value, ar: value }
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const { en, ar } = value as Record<string, unknown>
    return { en: typeof en === 'string' ? en : undefined, ar: typeof ar === 'string' ? ar : undefined }
  }
  return {}
}

/** The text to show in `lang`: that language, else English, else ''. */
export function localized(value: unknown, lang: Locale): string {
  const text = parseLocalized(value)
  return text[lang] || text.en || ''
}

/** A ground as one line, "Cairo International Stadium, Cairo", in `lang`: its city only when known. */
export function placeName(place: { name: unknown; city: unknown }, lang: Locale): string {
  return [localized(place.name, lang), localized(place.city, lang)].filter(Boolean).join(', ')
}
