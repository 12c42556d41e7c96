// The search scopes' names (lib/search-scopes.ts) in the page's language, for the modal.
import { useLingui } from '@lingui/react'
import { SCOPE_LABELS, type SearchScope } from '../../lib/search-scopes.ts'

export function useScopeLabels(): Record<SearchScope, string> {
  const { i18n } = useLingui()
  return Object.fromEntries(Object.entries(SCOPE_LABELS).map(([scope, label]) => [scope, i18n._(label)])) as Record<SearchScope, string>
}
