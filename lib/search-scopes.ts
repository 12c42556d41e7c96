// What site search looks through, shared by the API, the no-JS page and the modal island.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const SEARCH_SCOPES = ['all', 'clubs', 'players', 'competitions', 'matches', 'posts'] as const
export type SearchScope = (typeof SEARCH_SCOPES)[number]
export type SearchGroup = Exclude<SearchScope, 'all'>

export const SEARCH_GROUPS = SEARCH_SCOPES.filter((s): s is SearchGroup => s !== 'all')

/** The scopes' names: the modal's tabs, the search page's and the API's group titles. */
export const SCOPE_LABELS: Record<SearchScope, MessageDescriptor> = {
  all: msg`All`,
  clubs: msg`Clubs`,
  players: msg`Players`,
  competitions: msg`Competitions`,
  matches: msg`Matches`,
  posts: msg`Posts`,
}

/** The longest query read: names and titles are shorter, and it bounds the work per search. */
export const SEARCH_QUERY_MAX = 100
export const SEARCH_LIMIT_MAX = 50
export const SEARCH_LIMIT_DEFAULT = 10

export function isSearchScope(value: unknown): value is SearchScope {
  return typeof value === 'string' && (SEARCH_SCOPES as readonly string[]).includes(value)
}

/** One result, ready to show: its title and subtitle are already in the asked language. */
export interface SearchResult {
  id: string
  title: string
  subtitle: string
  url: string
  image: string
}

export interface SearchGroupResults {
  type: SearchGroup
  label: string
  results: SearchResult[]
}

export interface SearchResponse {
  query: string
  lang: 'ar' | 'en'
  type: SearchScope
  groups: SearchGroupResults[]
  total: number
}
