-- Versions per scope (issue 25, decision 114, superseding the one version of decision 071).
-- A change renews only the pages that show what changed: each public page names the scopes
-- it shows (src/http/page-scopes.ts builds the names; these functions mirror them), and a
-- change raises the version of the scopes it belongs to. page_version stays the counter
-- every version is drawn from: one number per transaction, raised under its row lock, so
-- versions follow the order transactions commit in and a reader that has seen version v has
-- seen every change numbered v or below.
--
--   site              anything not mapped more precisely: competitions, seasons, stadiums,
--                     clubs' and players' names, a library item a post shows, the site's pages
--   posts             every list of posts (a section, the home page)
--   post:{id}         a post's own page
--   tag:{kind}:{id}   the posts tagged with a competition, club, player or match
--   match:{id}        a match's page: its row, events, live text and team sheets
--   club:{id}         a club's page: its matches, squad and aliases
--   player:{id}       a player's page: their row, squads, events and team sheets
--   season:{id}       a competition's season: its tables, rounds and scorers
--   day:{YYYY-MM-DD}  the matches kicking off on that UTC day (the matches of a day, the home page)
--   fixtures          which matches there are, and when and in what state (the home page's lists)
create table page_scopes (
  scope text primary key,
  version bigint not null,
  -- When the change committed (page_version_committed below): an isolate's first read takes
  -- the scopes changed within the life of a kept page.
  changed_at timestamptz not null default clock_timestamp()
);

create index page_scopes_version_idx on page_scopes (version);
create index page_scopes_changed_idx on page_scopes (changed_at);

alter table page_scopes enable row level security;

-- Gives `scopes` this transaction's version. The first call of a transaction raises
-- page_version and keeps the number for the rest of it (a setting local to the transaction);
-- the row lock it takes makes a second writer wait for the first to commit, so a later version
-- never commits before an earlier one. An empty list shows on no page and raises nothing.
create function touch_page_scopes(scopes text[]) returns void
language plpgsql as $$
declare
  drawn bigint;
begin
  if not exists (select 1 from unnest(scopes) s where s is not null) then
    return;
  end if;
  drawn := nullif(current_setting('hadaf.page_version', true), '')::bigint;
  if drawn is null then
    update page_version p set version = p.version + 1, changed_at = now() returning p.version into drawn;
    perform set_config('hadaf.page_version', drawn::text, true);
  end if;
  insert into page_scopes as p (scope, version)
  select distinct s, drawn from unnest(scopes) s where s is not null
  on conflict (scope) do update set version = excluded.version, changed_at = excluded.changed_at
    where p.version <> excluded.version;
end
$$;

-- A transaction can run long (an import): its scopes say when it committed, not when it began.
create function page_scopes_committed() returns trigger
language plpgsql as $$
begin
  update page_scopes set changed_at = clock_timestamp() where version = new.version;
  return null;
end
$$;

create constraint trigger page_version_committed after update on page_version
  deferrable initially deferred for each row execute function page_scopes_committed();

-- The trigger function of decision 071 now renews every page through `site`: the tables that
-- still call it (and any added later before they are mapped) keep working.
create or replace function raise_page_version() returns trigger
language plpgsql as $$
begin
  perform touch_page_scopes(array['site']);
  return null;
end
$$;

-- The scopes one row shows on, before or after a change: one function per table, called by
-- touch_row_scopes with the old row and the new (null on an insert or a delete; strict
-- functions give null for it, and null adds nothing to an array).
create function page_scopes_of(c clubs) returns text[]
language sql stable strict as $$ select array['club:' || c.id] $$;

create function page_scopes_of(a club_aliases) returns text[]
language sql stable strict as $$ select array['club:' || a.club_id] $$;

-- A player shows in the squads of their club and of the teams they were listed for; their
-- name on many more pages, which players_renamed below renews.
create function page_scopes_of(p players) returns text[]
language sql stable strict as $$
  select array['player:' || p.id, 'club:' || p.club_id] || array(select 'club:' || s.club_id from squad_members s where s.player_id = p.id)
$$;

create function page_scopes_of(s squad_members) returns text[]
language sql stable strict as $$ select array['club:' || s.club_id, 'player:' || s.player_id] $$;

-- Goals also count in the season's scorers.
create function page_scopes_of(e match_events) returns text[]
language sql stable strict as $$
  select array['match:' || e.match_id, 'player:' || e.player_id, 'player:' || e.other_player_id]
    || case when e.kind in ('goal', 'penalty_goal')
         then array(select 'season:' || m.season_id from matches m where m.id = e.match_id) end
$$;

create function page_scopes_of(l lineups) returns text[]
language sql stable strict as $$ select array['match:' || l.match_id, 'player:' || l.player_id] $$;

create function page_scopes_of(t match_teamsheets) returns text[]
language sql stable strict as $$ select array['match:' || t.match_id] $$;

create function page_scopes_of(k match_commentary) returns text[]
language sql stable strict as $$ select array['match:' || k.match_id] $$;

-- Deductions show under a season's tables.
create function page_scopes_of(d point_deductions) returns text[]
language sql stable strict as $$ select array['season:' || d.season_id] $$;

create function post_tag_scope(t post_tags) returns text
language sql immutable strict as $$
  select coalesce('tag:competition:' || t.competition_id, 'tag:club:' || t.club_id,
    'tag:player:' || t.player_id, 'tag:match:' || t.match_id)
$$;

-- Readers see published posts only: a draft saved every few seconds renews nothing.
create function page_scopes_of(p posts) returns text[]
language sql stable strict as $$
  select case when p.status = 'published' then
    array['posts', 'post:' || p.id] || array(select post_tag_scope(t) from post_tags t where t.post_id = p.id)
  end
$$;

-- A post's tags and clips, while it is out. A post deleted with them (the cascade runs before
-- the post's own trigger) may have been out: its tags' pages are renewed.
create function post_shown(post_id bigint) returns boolean
language sql stable strict as $$
  select coalesce((select p.status = 'published' from posts p where p.id = post_shown.post_id), true)
$$;

create function page_scopes_of(t post_tags) returns text[]
language sql stable strict as $$
  select case when post_shown(t.post_id) then array['post:' || t.post_id, post_tag_scope(t)] end
$$;

create function page_scopes_of(m post_media) returns text[]
language sql stable strict as $$ select case when post_shown(m.post_id) then array['post:' || m.post_id] end $$;

-- A library item's credit, text or copies show wherever a post uses it: covers are on lists.
create function media_in_use(item bigint) returns boolean
language sql stable strict as $$
  select exists (select 1 from posts where cover_media_id = item) or exists (select 1 from post_media where media_id = item)
$$;

create function page_scopes_of(m media) returns text[]
language sql stable strict as $$ select case when media_in_use(m.id) then array['site'] end $$;

create function page_scopes_of(v media_variants) returns text[]
language sql stable strict as $$ select case when media_in_use(v.media_id) then array['site'] end $$;

create function touch_row_scopes() returns trigger
language plpgsql as $$
begin
  perform touch_page_scopes(page_scopes_of(old) || page_scopes_of(new));
  return null;
end
$$;

-- A match's row. Live text and team sheets raise live_version alone (src/db/live.ts): only
-- the match's page shows them. Anything else (score, status, minute, kick-off, clubs) also
-- shows wherever the match is listed: its clubs, its season, its day; a change to which
-- matches there are, when or in what state, also on the home page's lists.
create function match_row_scopes(m matches) returns text[]
language sql immutable strict as $$
  select array['club:' || m.home_club_id, 'club:' || m.away_club_id, 'season:' || m.season_id,
    'day:' || to_char(m.kickoff at time zone 'UTC', 'YYYY-MM-DD')]
$$;

create function matches_touch_scopes() returns trigger
language plpgsql as $$
declare
  id bigint := coalesce(new.id, old.id);
begin
  -- Only the match's page shows live text, team sheets (live_version alone), or the minute
  -- alone while a clock runs (a booking, a substitution): lists draw that clock from the
  -- period's start, which only the steps change.
  if tg_op = 'UPDATE' and (to_jsonb(old) - 'live_version' - 'minute') = (to_jsonb(new) - 'live_version' - 'minute')
      and (old.minute is not distinct from new.minute or new.period_started_at is not null) then
    perform touch_page_scopes(array['match:' || id]);
  elsif tg_op = 'UPDATE' and (old.status, old.kickoff, old.season_id, old.home_club_id, old.away_club_id, old.replay_of)
      is not distinct from (new.status, new.kickoff, new.season_id, new.home_club_id, new.away_club_id, new.replay_of) then
    perform touch_page_scopes(array['match:' || id] || match_row_scopes(old) || match_row_scopes(new));
  else
    perform touch_page_scopes(array['match:' || id, 'fixtures'] || match_row_scopes(old) || match_row_scopes(new));
  end if;
  return null;
end
$$;

-- Decision 071's statement triggers fired on every statement, rows or none; these fire per
-- row and skip an update that changes nothing (an import's upsert of what is already there).
do $$
declare
  shown text;
begin
  foreach shown in array array[
    'competitions', 'seasons', 'stadiums', 'clubs', 'club_aliases', 'players', 'squad_members', 'matches',
    'match_events', 'lineups', 'match_teamsheets', 'match_commentary', 'point_deductions', 'posts',
    'post_tags', 'post_media', 'media', 'pages'
  ] loop
    execute format('drop trigger %I on %I', shown || '_raise_page_version', shown);
    execute format('create trigger %I after truncate on %I for each statement execute function raise_page_version()',
      shown || '_truncated', shown);
  end loop;
end
$$;

-- Shown on too many pages to name: every page is renewed.
do $$
declare
  shown text;
begin
  foreach shown in array array['competitions', 'seasons', 'stadiums', 'pages'] loop
    execute format('create trigger %I after insert or delete on %I for each row execute function raise_page_version()',
      shown || '_written', shown);
    execute format('create trigger %I after update on %I for each row when (old.* is distinct from new.*) execute function raise_page_version()',
      shown || '_changed', shown);
  end loop;
end
$$;

-- Mapped row by row. A reader's rating changes a post's or a player's totals, and renews
-- nothing: a page's average may be a minute old at the edge (decision 071).
do $$
declare
  shown record;
begin
  for shown in select * from (values
    ('club_aliases', '{}'), ('players', '{rating_count,rating_sum}'), ('squad_members', '{}'), ('match_events', '{}'),
    ('lineups', '{}'), ('match_teamsheets', '{}'), ('match_commentary', '{}'), ('point_deductions', '{}'),
    ('posts', '{rating_count,rating_sum}'), ('post_tags', '{}'), ('post_media', '{}'), ('media', '{}'), ('media_variants', '{}')
  ) as t (name, unshown) loop
    execute format('create trigger %I after insert or delete on %I for each row execute function touch_row_scopes()',
      shown.name || '_written', shown.name);
    execute format(
      'create trigger %I after update on %I for each row when ((to_jsonb(old) - %L::text[]) is distinct from (to_jsonb(new) - %L::text[])) execute function touch_row_scopes()',
      shown.name || '_changed', shown.name, shown.unshown, shown.unshown);
  end loop;
end
$$;

create trigger media_variants_truncated after truncate on media_variants for each statement execute function raise_page_version();

-- A new club shows on its own page only, until it plays or signs someone; a changed or merged
-- one shows wherever its name or crest does.
create trigger clubs_written after insert on clubs for each row execute function touch_row_scopes();
create trigger clubs_changed after update on clubs for each row when (old.* is distinct from new.*) execute function raise_page_version();
create trigger clubs_deleted after delete on clubs for each row execute function raise_page_version();

create trigger players_renamed after update of name on players for each row when (old.name is distinct from new.name)
  execute function raise_page_version();

create trigger matches_written after insert or delete on matches for each row execute function matches_touch_scopes();
create trigger matches_changed after update on matches for each row when (old.* is distinct from new.*)
  execute function matches_touch_scopes();
