-- Search inside the issue's budget (p95 under 50 ms on the demo data): measured on the
-- embedded database, a query naming a competition ("premier league") took 120 ms and a
-- misspelt club 30 ms. Three things cost the time, each fixed here:
--
-- - Matches are four documents in five, and their names are only their teams' names, so
--   every trigram lookup waded through them (10-20 ms). The trigram index now leaves
--   matches out; a misspelt team still finds its matches, through the clubs it finds.
-- - Every candidate was scored in full, word similarity included (about 17 µs a row), and
--   sorted: a competition's words find a thousand matches. Candidates are now ranked by
--   the cheap parts of the score (ts_rank, standing, whole-name bonus) to four times the
--   requested count per kind, with a bounded sort, and only that shortlist pays for word
--   similarity. Trigram-only hits, where similarity matters most, are few by nature.
-- - Candidates were joined back to their documents; each lookup now returns its rows.

drop index search_documents_names_trgm_idx;
create index search_documents_names_trgm_idx on search_documents using gin (names gin_trgm_ops) where kind <> 'match';

drop function search_candidates(text, tsquery, boolean);

-- The `per_kind` best documents of each of `kinds` for a folded query and its tsquery, with
-- their rank. Sequential scans are off inside (decision 044): the planner would otherwise
-- compute word similarity on every row rather than read the trigram index. The kinds are
-- applied to the materialized candidates, since a kind condition on the table tempts the
-- planner to the primary key.
create function search_ranked(q_text text, q_tsq tsquery, trigrams boolean, kinds text[], per_kind int)
returns table (kind text, ref_id text, rank bigint)
language sql stable parallel safe
set enable_seqscan = off
as $$
  with named as materialized (
    select d.kind, d.ref_id from search_documents d
    where trigrams and d.kind <> 'match' and q_text <% d.names
  ),
  -- By words; by names close in trigrams; matches of the clubs so found. Each row once.
  found as materialized (
    select d.kind, d.ref_id, d.title, d.names, d.document, d.boost, d.sort_at
    from search_documents d where d.document @@ q_tsq
    union all
    select d.kind, d.ref_id, d.title, d.names, d.document, d.boost, d.sort_at
    from named n join search_documents d on d.kind = n.kind and d.ref_id = n.ref_id
    where not coalesce(d.document @@ q_tsq, false)
    union all
    select d.kind, d.ref_id, d.title, d.names, d.document, d.boost, d.sort_at
    from search_documents d
    where d.kind = 'match' and d.ref_id = any (array(
        select m.id::text from named n join matches m on n.ref_id::bigint in (m.home_club_id, m.away_club_id)
        where n.kind = 'club'))
      and not coalesce(d.document @@ q_tsq, false)
  ),
  shortlist as (
    select s.* from unnest(kinds) k (kind) cross join lateral (
      select f.kind, f.ref_id, f.title,
             -- Equals (a team's many matches) come nearest to today first.
             abs(date_part('epoch', f.sort_at - now())) as distance,
             (coalesce(ts_rank(f.document, q_tsq), 0) + f.boost
               -- The query as a whole name, or the start of one, beats a word inside one.
               + case when ' | ' || f.title || ' | ' like '% | ' || q_text || ' | %' then 1
                      when ' | ' || f.names || ' | ' like '% | ' || q_text || ' | %' then 0.6
                      when ' | ' || f.title like '% | ' || q_text || '%' then 0.5
                      when ' | ' || f.names like '% | ' || q_text || '%' then 0.3
                      when ' ' || f.names like '% ' || q_text || '%' then 0.2
                      else 0 end)::real as score
      from found f
      where f.kind = k.kind
      order by score desc, distance nulls last, f.ref_id
      limit per_kind * 4
    ) s
  ),
  ranked as (
    select s.kind, s.ref_id, row_number() over (
      partition by s.kind
      -- Similarity to the row's own name: what the reader will see.
      order by round((s.score + word_similarity(q_text, s.title))::numeric, 2) desc, s.distance nulls last, s.ref_id
    ) as rank
    from shortlist s
  )
  select r.kind, r.ref_id, r.rank from ranked r where r.rank <= per_kind
$$;
