// A search from its checked input to grouped, displayable results: shared by the API
// (/api/v1/search) and the no-JavaScript page (/{lang}/search), so both answer alike.
import { hidesTarget, type SpoilerScope, type SpoilerTarget } from '../football/spoilers.ts'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type postgres from 'postgres'
import { formatDate } from '../../lib/format.ts'
import { href, postHref, SECTION_OF_KIND } from '../../lib/links.ts'
import { type Locale, LOCALE_CONFIG } from '../../lib/locales.ts'
import { localized } from '../../lib/localized.ts'
import {
  isSearchScope,
  SCOPE_LABELS,
  SEARCH_GROUPS,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX,
  type SearchGroup,
  type SearchGroupResults,
  type SearchResponse,
  type SearchResult,
  type SearchScope,
} from '../../lib/search-scopes.ts'
import { normalizeSearchText, searchWords, wordsTsQuery } from '../../lib/search-text.ts'
import { searchDocuments, type SearchRow } from '../db/search.ts'
import { issueText } from '../validation/fields.ts'

export interface SearchParams {
  query: string
  lang: Locale
  type: SearchScope
  limit: number
}

const POSITIONS: Record<string, MessageDescriptor> = {
  GK: msg`Goalkeeper`,
  DF: msg`Defender`,
  MF: msg`Midfielder`,
  FW: msg`Forward`,
}

const POST_KINDS = {
  news: msg`News`,
  article: msg`Article`,
  analytics: msg`Analytics`,
  caricature: msg`Caricature`,
}

const PLACEHOLDER = { avatar: '/images/placeholders/avatar.svg', generic: '/images/placeholders/generic.svg', analytics: '/images/placeholders/analytics.svg' }

type Raw = Record<string, string | undefined>

/**
 * Checks what a search was asked: q (required, trimmed, at most SEARCH_QUERY_MAX
 * characters), lang (ar or en, else `defaultLang`), type (a scope, else all) and limit
 * (1 to SEARCH_LIMIT_MAX per group, else SEARCH_LIMIT_DEFAULT). Returns the params, or the
 * worded error of each field that is wrong.
 */
export function readSearchParams(i18n: I18n, raw: Raw, defaultLang: Locale): { params: SearchParams } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const query = (raw.q ?? '').trim()
  if (!query) errors.q = issueText(i18n, 'required')
  else if (query.length > SEARCH_QUERY_MAX) errors.q = issueText(i18n, `tooLong:${SEARCH_QUERY_MAX}`)
  else if (/\p{Cc}/u.test(query)) errors.q = issueText(i18n, 'invalid')

  const lang = raw.lang ?? defaultLang
  if (lang !== 'ar' && lang !== 'en') errors.lang = issueText(i18n, 'choice')

  const type = raw.type ?? 'all'
  if (!isSearchScope(type)) errors.type = issueText(i18n, 'choice')

  const limitText = raw.limit ?? String(SEARCH_LIMIT_DEFAULT)
  const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN
  if (!(limit >= 1 && limit <= SEARCH_LIMIT_MAX)) {
    errors.limit = i18n._(msg`Please choose a whole number from 1 to ${SEARCH_LIMIT_MAX}.`)
  }

  if (Object.keys(errors).length > 0) return { errors }
  return { params: { query, lang: lang as Locale, type: type as SearchScope, limit } }
}

/** Runs the search (one statement; none when the query has no letters or digits). */
/** `spoilers`: a spoiler-free reader's scope; the matches they hide come without their score (decision 139). */
export async function runSearch(sql: postgres.Sql, i18n: I18n, params: SearchParams, spoilers: SpoilerScope | null = null): Promise<SearchResponse> {
  const groups = params.type === 'all' ? SEARCH_GROUPS : [params.type]
  const words = searchWords(params.query)
  const rows = words.length
    ? await searchDocuments(sql, { text: normalizeSearchText(params.query), tsQuery: wordsTsQuery(words), groups, limit: params.limit })
    : []
  const byGroup = new Map<SearchGroup, SearchResult[]>()
  for (const row of rows) {
    const group = GROUP_OF_KIND[row.kind]
    byGroup.set(group, [...(byGroup.get(group) ?? []), present(row, params.lang, i18n, spoilers)])
  }
  // Rows come best group first (src/db/search.ts); a Map keeps that order.
  const found: SearchGroupResults[] = [...byGroup].map(([g, results]) => ({ type: g, label: i18n._(SCOPE_LABELS[g]), results }))
  return { query: params.query, lang: params.lang, type: params.type, groups: found, total: rows.length }
}

/** A club's country in the reader's language ("EG" → "مصر" / "Egypt"); cities have no translations. */
function countryName(code: string | null, lang: Locale): string {
  if (!code || !/^[A-Z]{2}$/.test(code)) return ''
  return new Intl.DisplayNames([LOCALE_CONFIG[lang].intl], { type: 'region', fallback: 'none' }).of(code) ?? ''
}

const GROUP_OF_KIND = { club: 'clubs', player: 'players', competition: 'competitions', match: 'matches', post: 'posts' } as const

/** What a result shows: its title and subtitle in `lang`, its address and an image. */
function present(row: SearchRow, lang: Locale, i18n: I18n, spoilers: SpoilerScope | null): SearchResult {
  const id = row.id
  switch (row.kind) {
    case 'club': {
      const { item } = row
      const subtitle = item.kind === 'national' ? i18n._(msg`National team`) : countryName(item.country, lang)
      return { id, title: localized(item.name, lang), subtitle, url: href(lang, 'club', { id }), image: item.crest || PLACEHOLDER.generic }
    }
    case 'player': {
      const { item } = row
      const position = item.position && POSITIONS[item.position] ? i18n._(POSITIONS[item.position]!) : ''
      const team = localized(item.club ?? item.nation, lang)
      return {
        id,
        title: localized(item.name, lang),
        subtitle: [position, team].filter(Boolean).join(' · '),
        url: href(lang, 'player', { id }),
        image: item.photo || PLACEHOLDER.avatar,
      }
    }
    case 'competition': {
      const { item } = row
      return {
        id,
        title: localized(item.name, lang),
        subtitle: item.kind === 'cup' ? i18n._(msg`Cup`) : i18n._(msg`League`),
        url: href(lang, 'league', { id }),
        image: PLACEHOLDER.generic,
      }
    }
    case 'match': {
      const { item } = row
      const home = localized(item.home.short, lang) || localized(item.home.name, lang)
      const away = localized(item.away.short, lang) || localized(item.away.name, lang)
      const hidden = hidesTarget(spoilers, { id: Number(id), status: item.status as SpoilerTarget['status'], kickoff: item.kickoff, homeId: item.homeId, awayId: item.awayId, competitionId: item.competitionId })
      const score = item.ft && !hidden ? `${item.ft[0]}–${item.ft[1]}` : ''
      return {
        id,
        title: `${home} – ${away}`,
        subtitle: [localized(item.competition, lang), formatDate(new Date(item.kickoff)), score].filter(Boolean).join(' · '),
        url: href(lang, 'match', { id }),
        image: item.home.crest || PLACEHOLDER.generic,
      }
    }
    case 'post': {
      const { item } = row
      return {
        id,
        title: localized(item.title, lang),
        subtitle: `${i18n._(POST_KINDS[item.kind])} · ${formatDate(new Date(item.publishedAt))}`,
        url: postHref(lang, item),
        image: item.cover || (SECTION_OF_KIND[item.kind] === 'analytics' ? PLACEHOLDER.analytics : PLACEHOLDER.generic),
      }
    }
  }
}
