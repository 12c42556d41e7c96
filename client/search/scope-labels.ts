// The names of the search scopes, shared by the modal, the search page and the API's groups.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { SearchScope } from '../../lib/search-scopes.ts'

export const SCOPE_LABELS: Record<SearchScope, MessageDescriptor> = {
  all: msg`All`,
  clubs: msg`Clubs`,
  players: msg`Players`,
  competitions: msg`Competitions`,
  matches: msg`Matches`,
  posts: msg`Posts`,
}

export function useScopeLabels(): Record<SearchScope, string> {
  const { i18n } = useLingui()
  return Object.fromEntries(Object.entries(SCOPE_LABELS).map(([scope, label]) => [scope, i18n._(label)])) as Record<SearchScope, string>
}
