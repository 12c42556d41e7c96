-- The edge cache's versioned keys (issue 14, decision 071). Every cached page is stored
-- under the site's page version; a statement that changes anything a public page shows
-- raises it in the same transaction, so the next request at every edge location asks for
-- a key nobody has filled and renders afresh. `caches.default.delete` would reach one
-- location only; a version is read from here by all of them.
create table page_version (
  id boolean primary key default true check (id),
  version bigint not null default 1,
  changed_at timestamptz not null default now()
);

insert into page_version default values;

create function raise_page_version() returns trigger
language plpgsql as $$
begin
  update page_version set version = version + 1, changed_at = now();
  return null;
end
$$;

-- One raise per statement, not per row: an import of a season is one change. Ratings are
-- left out on purpose: a page's average is refreshed by its island, and a rating is not
-- worth every page of the site (decision 071).
do $$
declare
  shown text;
begin
  foreach shown in array array[
    'competitions', 'seasons', 'stadiums', 'clubs', 'club_aliases', 'players', 'squad_members',
    'matches', 'match_events', 'lineups', 'point_deductions', 'posts', 'post_tags', 'pages'
  ] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I for each statement execute function raise_page_version()',
      shown || '_raise_page_version', shown
    );
  end loop;
end
$$;

alter table page_version enable row level security;
