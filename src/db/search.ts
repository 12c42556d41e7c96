// Site search in one statement over search_documents (supabase/migrations/…_search.sql):
// search_ranked (…_search_speed.sql) finds full-text matches under the arabic and english
// configurations, or names whose folded form is close in trigrams (misspellings), ranks
// them and cuts them to `limit` per kind; this joins them to what a result shows, the
// kinds in the order of their best result.
import type postgres from 'postgres'
import type { LocalizedText } from '../../lib/localized.ts'
import type { PostKind } from '../../lib/links.ts'
import type { SearchGroup } from '../../lib/search-scopes.ts'
import { TRIGRAM_MIN_LENGTH } from '../../lib/search-text.ts'

interface TeamName {
  name: LocalizedText
  short: LocalizedText
  crest: string | null
}

export type SearchRow =
  | { kind: 'club'; id: string; item: { name: LocalizedText; kind: 'club' | 'national'; country: string | null; crest: string | null } }
  | { kind: 'player'; id: string; item: { name: LocalizedText; position: string | null; photo: string | null; club: LocalizedText | null; nation: LocalizedText | null } }
  | { kind: 'competition'; id: string; item: { name: LocalizedText; short: LocalizedText; kind: 'league' | 'cup' } }
  | {
      kind: 'match'
      id: string
      item: { kickoff: string; status: string; ft: [number, number] | null; home: TeamName; away: TeamName; competition: LocalizedText; homeId: number; awayId: number; competitionId: string }
    }
  | { kind: 'post'; id: string; item: { kind: PostKind; slug: LocalizedText; title: LocalizedText; cover: string | null; publishedAt: string } }

/** The document kind of each group. */
export const KIND_OF_GROUP = {
  clubs: 'club',
  players: 'player',
  competitions: 'competition',
  matches: 'match',
  posts: 'post',
} as const satisfies Record<SearchGroup, SearchRow['kind']>

export interface SearchInput {
  /** The query folded by lib/search-text.ts. */
  text: string
  /** Its words as a prefix tsquery (lib/search-text.ts `prefixTsQuery`). */
  tsQuery: string
  groups: readonly SearchGroup[]
  /** Results per group. */
  limit: number
}

export async function searchDocuments(sql: postgres.Sql, input: SearchInput): Promise<SearchRow[]> {
  // Sent as one text, split in SQL: the worker's client does not fetch types, so it cannot
  // send an array.
  const kinds = input.groups.map((g) => KIND_OF_GROUP[g]).join(',')
  // A query of stop words only ("the", "في") parses to nothing: it then matches by trigrams alone.
  const tsq = input.tsQuery
    ? sql`(to_tsquery('english', ${input.tsQuery}) || to_tsquery('arabic', ${input.tsQuery}))`
    : sql`null::tsquery`
  // Below three characters trigrams say little; such a query matches word prefixes instead.
  const trigrams = input.text.length >= TRIGRAM_MIN_LENGTH
  const team = (alias: string) => sql`json_build_object('name', ${sql(alias)}.name, 'short', ${sql(alias)}.short_name, 'crest', ${sql(alias)}.crest)`
  return sql<SearchRow[]>`
    with ranked as (
      select * from search_ranked(${input.text}, ${tsq}, ${trigrams}, string_to_array(${kinds}, ','), ${input.limit})
    )
    select r.kind, r.ref_id as id,
      case r.kind
        when 'club' then (
          select json_build_object('name', c.name, 'kind', c.kind, 'country', c.country, 'crest', c.crest)
          from clubs c where c.id = r.ref_id::bigint)
        when 'player' then (
          select json_build_object('name', p.name, 'position', p.position, 'photo', p.photo, 'club', pc.name, 'nation', pn.name)
          from players p left join clubs pc on pc.id = p.club_id left join clubs pn on pn.id = p.nationality_id
          where p.id = r.ref_id::bigint)
        when 'competition' then (
          select json_build_object('name', c.name, 'short', c.short_name, 'kind', c.kind)
          from competitions c where c.id = r.ref_id)
        when 'match' then (
          select json_build_object('kickoff', m.kickoff, 'status', m.status,
            'ft', case when m.ft_home is null then null else json_build_array(m.ft_home, m.ft_away) end,
            'home', ${team('h')}, 'away', ${team('a')}, 'competition', c.short_name,
            -- What spoiler-free needs to know whether the reader hides it (decision 139).
            'homeId', m.home_club_id, 'awayId', m.away_club_id, 'competitionId', c.id)
          from matches m
          join seasons s on s.id = m.season_id
          join competitions c on c.id = s.competition_id
          join clubs h on h.id = m.home_club_id
          join clubs a on a.id = m.away_club_id
          where m.id = r.ref_id::bigint)
        when 'post' then (
          select json_build_object('kind', p.kind, 'slug', json_build_object('en', p.slug_en, 'ar', p.slug_ar),
            'title', p.title, 'cover', p.cover_src, 'publishedAt', p.published_at)
          from posts p where p.id = r.ref_id::bigint)
      end as item
    from ranked r
    -- The group whose best result is the best comes first ("Salah": players, then clubs).
    order by max(r.score) over (partition by r.kind) desc, r.kind, r.rank`
}
