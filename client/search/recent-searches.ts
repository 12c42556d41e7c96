// The visitor's last few searches, kept in this browser only (localStorage), newest first.
// Storage can be full, disabled or hold anything: every failure reads as "none".
const KEY = 'hadaf:recent-searches'
export const RECENT_MAX = 5

export function readRecentSearches(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]')
    return Array.isArray(stored) ? stored.filter((q): q is string => typeof q === 'string').slice(0, RECENT_MAX) : []
  } catch {
    return []
  }
}

/** Puts `query` first (once) and returns the new list. */
export function rememberSearch(query: string): string[] {
  const next = [query, ...readRecentSearches().filter((q) => q !== query)].slice(0, RECENT_MAX)
  try {
    localStorage.setItem(KEY, JSON.stringify(next))
  } catch {
    // Private mode or a full store: the search itself still works.
  }
  return next
}

export function forgetSearches(): void {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // Nothing stored, nothing to clear.
  }
}
