-- Standings kept in a table (issue 14, decision 073). A season's tables (the league table,
-- or the league phase's, and each group's) are worked out by the rules engine
-- (lib/standings.ts) once per change, not on every request: the first page that needs them
-- after a change computes them and stores them here, in each language (the last tiebreak is
-- the name, in the reader's alphabet). A change to anything they are made of raises
-- tables_version in the same transaction; a stored table counts only while its version is
-- the current one, so a table computed from data a change has since replaced is never read.
create table tables_version (
  id boolean primary key default true check (id),
  version bigint not null default 1
);

insert into tables_version default values;

create table season_tables (
  season_id bigint not null references seasons (id) on delete cascade,
  lang text not null check (lang in ('ar', 'en')),
  version bigint not null,
  tables jsonb not null,
  primary key (season_id, lang)
);

create function raise_tables_version() returns trigger
language plpgsql as $$
begin
  update tables_version set version = version + 1;
  return null;
end
$$;

-- Results and statuses, deductions, clubs' names (the tables carry them) and a competition's
-- kind (a league's table, or a cup's groups).
do $$
declare
  source text;
begin
  foreach source in array array['matches', 'point_deductions', 'clubs', 'competitions', 'seasons'] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I for each statement execute function raise_tables_version()',
      source || '_raise_tables_version', source
    );
  end loop;
end
$$;

alter table tables_version enable row level security;
alter table season_tables enable row level security;
