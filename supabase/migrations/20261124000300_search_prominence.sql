-- Search ranks the famous first (issue 12). A bare "Salah" listed the club Wau Salaam, the
-- goalkeeper Salah Zakaria and Anass Salah-Eddine before Mohamed Salah: every player and
-- club stood equal, and a name that starts with the query outranked one that ends with it.
--
-- - Prominence: how much of the football Hadaf covers a club or player is part of, kept in
--   its search document. A club's is the number of competition seasons it has played in
--   (on a log scale, full at ten); a player's is mostly their club's, plus the goals Hadaf
--   holds for them (full at five); it weighs half a whole-name hit at most. Kept current by triggers, as the documents are: a new
--   match refreshes its clubs and their players, a goal its scorer.
-- - A query that is the last word of a name (a surname: "Salah", "Hakimi") counts as much
--   as one that starts it: readers name players by their surnames.
-- - search_ranked returns each result's score, so a search over every kind shows first the
--   group whose best result is the best ("Salah": players before clubs).

alter table search_documents add column prominence real not null default 0;

-- 0 to 1: the seasons a club has played in, ln(1 + n) / ln(11). Replays are not seasons played.
create function club_prominence(p_club bigint) returns real
language sql stable parallel safe
as $$
  select least(1, ln(1 + count(distinct m.season_id)) / ln(11))::real
  from matches m
  where (m.home_club_id = p_club or m.away_club_id = p_club) and m.replay_of is null
$$;

-- 0 to 1: six tenths their club's prominence, four tenths their goals on record (full at 5).
create function player_prominence(p_player bigint) returns real
language sql stable parallel safe
as $$
  select (0.6 * coalesce((select club_prominence(p.club_id) from players p where p.id = p_player), 0)
        + 0.4 * least(1, (
            select count(*) from match_events e join matches m on m.id = e.match_id and m.replay_of is null
            where e.player_id = p_player and e.kind in ('goal', 'penalty_goal')) / 5.0))::real
$$;

-- search_refresh writes a document anew (delete, then insert); its prominence follows here.
create function search_documents_weigh() returns trigger
language plpgsql
as $$
begin
  update search_documents d
  set prominence = case d.kind when 'club' then club_prominence(d.ref_id::bigint) else player_prominence(d.ref_id::bigint) end
  from new_rows n
  where n.kind in ('club', 'player') and d.kind = n.kind and d.ref_id = n.ref_id;
  return null;
end
$$;

create trigger search_documents_weigh after insert on search_documents
  referencing new table as new_rows for each statement execute function search_documents_weigh();

-- A club's seasons change with its matches, and a player's with their club's.
create function search_matches_weigh() returns trigger
language plpgsql
as $$
declare
  club_ids bigint[];
begin
  club_ids := array(
    select distinct c from changed_rows r cross join lateral (values (r.home_club_id), (r.away_club_id)) v (c)
    where r.replay_of is null);
  if cardinality(club_ids) = 0 then
    return null;
  end if;
  perform search_refresh('club', club_ids::text[]);
  perform search_refresh('player', array(select p.id::text from players p where p.club_id = any (club_ids)));
  return null;
end
$$;

create trigger matches_search_weigh_insert after insert on matches
  referencing new table as changed_rows for each statement execute function search_matches_weigh();
create trigger matches_search_weigh_delete after delete on matches
  referencing old table as changed_rows for each statement execute function search_matches_weigh();

-- A player's goals: an event added, corrected or withdrawn.
create function search_events_weigh() returns trigger
language plpgsql
as $$
begin
  perform search_refresh('player', array(select distinct r.player_id::text from changed_rows r where r.player_id is not null));
  return null;
end
$$;

create trigger match_events_search_weigh_insert after insert on match_events
  referencing new table as changed_rows for each statement execute function search_events_weigh();
create trigger match_events_search_weigh_update after update on match_events
  referencing new table as changed_rows for each statement execute function search_events_weigh();
create trigger match_events_search_weigh_delete after delete on match_events
  referencing old table as changed_rows for each statement execute function search_events_weigh();

-- As in …_search_speed.sql, with prominence added to the standing, the surname case, and
-- the score returned.
drop function search_ranked(text, tsquery, boolean, text[], int);

create function search_ranked(q_text text, q_tsq tsquery, trigrams boolean, kinds text[], per_kind int)
returns table (kind text, ref_id text, rank bigint, score real)
language sql stable parallel safe
set enable_seqscan = off
as $$
  with named as materialized (
    select d.kind, d.ref_id from search_documents d
    where trigrams and d.kind <> 'match' and q_text <% d.names
  ),
  found as materialized (
    select d.kind, d.ref_id, d.title, d.names, d.document, d.boost + 0.5 * d.prominence as standing, d.sort_at
    from search_documents d where d.document @@ q_tsq
    union all
    select d.kind, d.ref_id, d.title, d.names, d.document, d.boost + 0.5 * d.prominence, d.sort_at
    from named n join search_documents d on d.kind = n.kind and d.ref_id = n.ref_id
    where not coalesce(d.document @@ q_tsq, false)
    union all
    select d.kind, d.ref_id, d.title, d.names, d.document, d.boost + 0.5 * d.prominence, d.sort_at
    from search_documents d
    where d.kind = 'match' and d.ref_id = any (array(
        select m.id::text from named n join matches m on n.ref_id::bigint in (m.home_club_id, m.away_club_id)
        where n.kind = 'club'))
      and not coalesce(d.document @@ q_tsq, false)
  ),
  shortlist as (
    select s.* from unnest(kinds) k (kind) cross join lateral (
      select f.kind, f.ref_id, f.title,
             abs(date_part('epoch', f.sort_at - now())) as distance,
             (coalesce(ts_rank(f.document, q_tsq), 0) + f.standing
               + case when ' | ' || f.title || ' | ' like '% | ' || q_text || ' | %' then 1
                      when ' | ' || f.names || ' | ' like '% | ' || q_text || ' | %' then 0.6
                      when ' | ' || f.title like '% | ' || q_text || '%' then 0.5
                      -- The query as the last word of the row's own name: a surname.
                      when ' ' || f.title || ' | ' like '% ' || q_text || ' | %' then 0.5
                      when ' | ' || f.names like '% | ' || q_text || '%' then 0.3
                      when ' ' || f.names like '% ' || q_text || '%' then 0.2
                      else 0 end)::real as score
      from found f
      where f.kind = k.kind
      order by score desc, distance nulls last, f.ref_id
      limit per_kind * 4
    ) s
  ),
  scored as (
    select s.kind, s.ref_id, s.distance, round((s.score + word_similarity(q_text, s.title))::numeric, 2)::real as score
    from shortlist s
  ),
  ranked as (
    select s.kind, s.ref_id, s.score,
           row_number() over (partition by s.kind order by s.score desc, s.distance nulls last, s.ref_id) as rank
    from scored s
  )
  select r.kind, r.ref_id, r.rank, r.score from ranked r where r.rank <= per_kind
$$;

-- Documents written before this migration.
update search_documents d set prominence = club_prominence(d.ref_id::bigint) where d.kind = 'club';
update search_documents d set prominence = player_prominence(d.ref_id::bigint) where d.kind = 'player';
