import type postgres from 'postgres'
import { type CompetitionRef, type Deduction, type MatchSummary, matchJoins, matchJson, type SeasonRef, seasonDeductions, seasonRefJson, tablesSource, type TablesSource } from './football-fragments.ts'
import { type PostSummary, postSummaryJson } from './posts.ts'

export interface HomePage extends TablesSource {
  upcoming: MatchSummary[]
  results: MatchSummary[]
  news: PostSummary[]
  articles: PostSummary[]
  analytics: PostSummary[]
  caricature: PostSummary | null
  competitions: CompetitionRef[]
  /** The flagship league's latest season, for the standings snippet. */
  tableCompetition: CompetitionRef | null
  tableSeason: SeasonRef | null
  tableDeductions: Deduction[]
}

/** Everything the home page shows, in one statement. */
/** `withMatches`: the flagship season's matches even when its tables are stored, for a signed-in reader who may hide some (decision 139). */
export async function loadHome(sql: postgres.Sql, lang: string, withMatches = false): Promise<HomePage> {
  const latest = (kind: string, limit: number) => sql`coalesce((
    select json_agg(x.post order by x.published_at desc) from (
      select ${postSummaryJson(sql)} as post, p.published_at from posts p
      where p.kind = ${kind} and p.status = 'published' order by p.published_at desc limit ${limit}) x), '[]'::json)`
  const [row] = await sql<HomePage[]>`
    with flagship as (
      select s.id, s.label, c.id as competition_id
      from seasons s join competitions c on c.id = s.competition_id
      where c.kind = 'league' and exists (select 1 from matches m where m.season_id = s.id and m.status = 'finished')
      order by c.priority, s.label desc limit 1
    )
    select
      coalesce((select json_agg(x.match order by x.kickoff) from (
        select ${matchJson(sql)} as match, m.kickoff from matches m ${matchJoins(sql)}
        where m.status in ('scheduled', 'live') and m.kickoff > now() - interval '3 hours'
        order by m.status = 'live' desc, m.kickoff limit 10) x), '[]'::json) as upcoming,
      coalesce((select json_agg(x.match order by x.kickoff desc) from (
        select ${matchJson(sql)} as match, m.kickoff from matches m ${matchJoins(sql)}
        where m.status in ('finished', 'awarded') and m.replay_of is null order by m.kickoff desc limit 8) x), '[]'::json) as results,
      ${latest('news', 4)} as news,
      ${latest('article', 3)} as articles,
      ${latest('analytics', 3)} as analytics,
      (select ${postSummaryJson(sql)} from posts p where p.kind = 'caricature' and p.status = 'published'
        order by p.published_at desc limit 1) as caricature,
      coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'short', c.short_name, 'kind', c.kind) order by c.priority, c.id)
        from competitions c), '[]'::json) as competitions,
      (select json_build_object('id', c.id, 'name', c.name, 'short', c.short_name, 'kind', c.kind)
        from competitions c join flagship f on f.competition_id = c.id) as "tableCompetition",
      (select ${seasonRefJson(sql, 'f')} from flagship f) as "tableSeason",
      ${tablesSource(sql, sql`(select id from flagship)`, lang, withMatches)},
      ${seasonDeductions(sql, sql`(select id from flagship)`)} as "tableDeductions"`
  return row!
}
