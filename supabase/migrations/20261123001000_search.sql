-- Site search (issue 5): one search document per club, player, competition, match and
-- published post, kept current by statement-level triggers, so the importer, the seed and
-- any editor's write leave the index right without calling anything.
--
-- Text is folded by search_normalize on the way in and on the way out (the API folds the
-- query with lib/search-text.ts, which a worker test holds to this function): hamza forms
-- become ا, ة becomes ه, ى becomes ي, tashkeel and tatweel go, Eastern digits become Latin,
-- Latin loses case and accents, and the spellings of Muhammad and of the article (Al-, El-)
-- become one each. Full-text search runs under both the arabic and english configurations;
-- pg_trgm's word similarity on the folded names forgives misspellings.

create extension if not exists pg_trgm;

-- Plain SQL (translate, normalize, regexp_replace) so it runs alike on PGlite, PostgreSQL
-- and Supabase; immutable so indexes may use it. The order and the character lists match
-- lib/search-text.ts exactly.
create function search_normalize(input text) returns text
language sql immutable strict parallel safe
as $$
  select regexp_replace(
    regexp_replace(
      btrim(
        regexp_replace(
          regexp_replace(
            lower(
              regexp_replace(
                normalize(translate(input, 'أإآٱؤئءةىیک٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ØøŁłĐđıـ', 'اااااااهييك01234567890123456789oollddi'), NFD),
                '[\u0300-\u036f\u064b-\u065f\u0670]', '', 'g')),
            '[''’‘ʼ`´]', '', 'g'),
          '[\s\-_.,;:!?()\[\]{}"/\\|+&*#@~<>=^%$«»“”„،؛؟…–—·]+', ' ', 'g')),
      '(?<![a-z0-9])m[ou]hamm?[ae]d(?![a-z0-9])', 'muhammad', 'g'),
    '(?<![a-z0-9])el (?=[a-z])', 'al ', 'g')
$$;

-- The names a row goes by, folded, each once (sources repeat themselves: "Al Hilal",
-- "Al-Hilal", "Al Hilal SFC"), between bars, so a query can be compared with whole names.
-- Trigrams and the text-search parsers read the bars as spaces.
create function search_names(parts text[]) returns text
language sql immutable parallel safe
as $$
  select coalesce(string_agg(distinct f, ' | '), '') from unnest(parts) as p, search_normalize(p) as f where f <> ''
$$;

-- Names weigh most; the rest (a post's summary, a match's competition and round) less.
-- Each part is read by both configurations: a query may mix Arabic and Latin words.
create function search_vector(names text, extra text) returns tsvector
language sql immutable parallel safe
as $$
  select setweight(to_tsvector('english', coalesce(names, '')), 'A')
      || setweight(to_tsvector('arabic', coalesce(names, '')), 'A')
      || setweight(to_tsvector('english', coalesce(extra, '')), 'C')
      || setweight(to_tsvector('arabic', coalesce(extra, '')), 'C')
$$;

create table search_documents (
  kind text not null check (kind in ('club', 'player', 'competition', 'match', 'post')),
  -- The row's id as text: competitions have text ids, the others numbers.
  ref_id text not null,
  -- The row's own name in English and Arabic, folded (search_names): an exact hit on it
  -- ranks first.
  title text not null,
  -- Every name the row goes by, folded, the title's included: what trigrams compare.
  names text not null,
  document tsvector not null,
  -- Standing among equals: competitions and national teams before obscure clubs.
  boost real not null default 0,
  -- Among equally good matches and posts, the nearest to today come first.
  sort_at timestamptz,
  primary key (kind, ref_id)
);

create index search_documents_names_trgm_idx on search_documents using gin (names gin_trgm_ops);
create index search_documents_document_idx on search_documents using gin (document);

alter table search_documents enable row level security;

-- The documents a query finds, by its words or by the trigrams of its names. The planner
-- prices word similarity like an addition, so on a table this size it would rather compute
-- it on every document than read the trigram index (about ten times slower); with
-- sequential scans off for this function, both lookups use their indexes. (The caller
-- narrows to the kinds asked for: a kind condition here tempts the planner to the
-- primary key instead.)
create function search_candidates(q_text text, q_tsq tsquery, trigrams boolean)
returns table (kind text, ref_id text)
language sql stable parallel safe
set enable_seqscan = off
as $$
  select d.kind, d.ref_id from search_documents d where d.document @@ q_tsq
  union
  select d.kind, d.ref_id from search_documents d where trigrams and q_text <% d.names
$$;

-- Rebuilds the documents of `ids` of one kind from their rows; ids whose row is gone (or a
-- post that is no longer published) simply lose their document.
create function search_refresh(p_kind text, p_ids text[]) returns void
language plpgsql
as $$
begin
  if p_ids is null or cardinality(p_ids) = 0 then
    return;
  end if;
  delete from search_documents where kind = p_kind and ref_id = any (p_ids);

  if p_kind = 'club' then
    insert into search_documents (kind, ref_id, title, names, document, boost)
    select 'club', c.id::text, search_names(array[c.name ->> 'en', c.name ->> 'ar']), n.names, search_vector(n.names, null),
           (case when c.kind = 'national' then 0.2 else 0 end) + (case when c.name ? 'ar' then 0.1 else 0 end)
    from clubs c
    cross join lateral (
      select search_names(array[c.name ->> 'en', c.name ->> 'ar', c.short_name ->> 'en', c.short_name ->> 'ar', c.fifa_code]
        || array(select a.alias from club_aliases a where a.club_id = c.id)) as names
    ) n
    where c.id = any (p_ids::bigint[]);

  elsif p_kind = 'player' then
    insert into search_documents (kind, ref_id, title, names, document, boost)
    select 'player', p.id::text, search_names(array[p.name ->> 'en', p.name ->> 'ar']), n.names, search_vector(n.names, null), case when p.name ? 'ar' then 0.1 else 0 end
    from players p
    cross join lateral (
      select search_names(array[p.name ->> 'en', p.name ->> 'ar'] || p.aliases) as names
    ) n
    where p.id = any (p_ids::bigint[]);

  elsif p_kind = 'competition' then
    insert into search_documents (kind, ref_id, title, names, document, boost)
    select 'competition', c.id, search_names(array[c.name ->> 'en', c.name ->> 'ar']), n.names, search_vector(n.names, null), 0.3
    from competitions c
    cross join lateral (
      select search_names(array[c.name ->> 'en', c.name ->> 'ar', c.short_name ->> 'en', c.short_name ->> 'ar']) as names
    ) n
    where c.id = any (p_ids);

  elsif p_kind = 'match' then
    -- Built from its teams' and competition's documents (already folded and parsed), which
    -- keeps an import of thousands of matches quick.
    insert into search_documents (kind, ref_id, title, names, document, sort_at)
    -- Names are the teams' own (not every alias): matches are most of the documents, and
    -- short names keep trigram checks quick. The aliases still reach them through words.
    select 'match', m.id::text, h.title || ' | ' || a.title, h.title || ' | ' || a.title,
           h.document || a.document || setweight(co.document, 'C')
             -- The season, year and round ("2022 Final") exist in English only.
             || setweight(to_tsvector('english', concat_ws(' ', s.label, to_char(m.kickoff at time zone 'UTC', 'YYYY'), m.round, m.stage, m.group_name)), 'C'),
           m.kickoff
    from matches m
    join seasons s on s.id = m.season_id
    join search_documents h on h.kind = 'club' and h.ref_id = m.home_club_id::text
    join search_documents a on a.kind = 'club' and a.ref_id = m.away_club_id::text
    join search_documents co on co.kind = 'competition' and co.ref_id = s.competition_id
    where m.id = any (p_ids::bigint[]);

  elsif p_kind = 'post' then
    insert into search_documents (kind, ref_id, title, names, document, sort_at)
    select 'post', p.id::text, n.names, n.names,
           search_vector(n.names, search_normalize(concat_ws(' ', p.summary ->> 'en', p.summary ->> 'ar'))),
           p.published_at
    from posts p
    cross join lateral (select search_names(array[p.title ->> 'en', p.title ->> 'ar']) as names) n
    where p.id = any (p_ids::bigint[]) and p.status = 'published';
  end if;
end
$$;

-- One trigger function for the five tables: the kind comes as the trigger's argument, the
-- rows from the statement's transition table (one call per statement, so an import's batch
-- of thousands of rows is indexed in one set-based pass).
create function search_rows_changed() returns trigger
language plpgsql
as $$
declare
  ids text[];
begin
  if tg_op = 'DELETE' then
    ids := array(select o.id::text from old_rows o);
  else
    ids := array(select n.id::text from new_rows n);
  end if;
  perform search_refresh(tg_argv[0], ids);
  -- A match's document holds its teams' and competition's names; a new club or
  -- competition has no matches yet, a renamed one does.
  if tg_op = 'UPDATE' and tg_argv[0] = 'club' then
    perform search_refresh('match', array(
      select m.id::text from matches m where m.home_club_id = any (ids::bigint[]) or m.away_club_id = any (ids::bigint[])));
  elsif tg_op = 'UPDATE' and tg_argv[0] = 'competition' then
    perform search_refresh('match', array(
      select m.id::text from matches m join seasons s on s.id = m.season_id where s.competition_id = any (ids)));
  end if;
  return null;
end
$$;

-- A club's aliases are part of its names.
create function search_aliases_changed() returns trigger
language plpgsql
as $$
declare
  club_ids bigint[];
begin
  if tg_op = 'DELETE' then
    club_ids := array(select distinct o.club_id from old_rows o);
  else
    club_ids := array(select distinct n.club_id from new_rows n);
  end if;
  perform search_refresh('club', club_ids::text[]);
  -- Matches read their teams' names from the club's document.
  perform search_refresh('match', array(
    select m.id::text from matches m where m.home_club_id = any (club_ids) or m.away_club_id = any (club_ids)));
  return null;
end
$$;

-- Transition tables allow one event per trigger, hence three per table.
do $$
declare
  t record;
begin
  for t in select * from (values ('clubs', 'club'), ('players', 'player'), ('competitions', 'competition'), ('matches', 'match'), ('posts', 'post')) as v (tbl, kind) loop
    execute format('create trigger %I after insert on %I referencing new table as new_rows for each statement execute function search_rows_changed(%L)',
      t.tbl || '_search_insert', t.tbl, t.kind);
    execute format('create trigger %I after update on %I referencing new table as new_rows for each statement execute function search_rows_changed(%L)',
      t.tbl || '_search_update', t.tbl, t.kind);
    execute format('create trigger %I after delete on %I referencing old table as old_rows for each statement execute function search_rows_changed(%L)',
      t.tbl || '_search_delete', t.tbl, t.kind);
  end loop;
end
$$;

create trigger club_aliases_search_insert after insert on club_aliases
  referencing new table as new_rows for each statement execute function search_aliases_changed();
create trigger club_aliases_search_update after update on club_aliases
  referencing new table as new_rows for each statement execute function search_aliases_changed();
create trigger club_aliases_search_delete after delete on club_aliases
  referencing old table as old_rows for each statement execute function search_aliases_changed();

-- Rows written before this migration; matches last, as they read the others' documents.
select search_refresh('competition', array(select id from competitions));
select search_refresh('club', array(select id::text from clubs));
select search_refresh('player', array(select id::text from players));
select search_refresh('post', array(select id::text from posts));
select search_refresh('match', array(select id::text from matches));
