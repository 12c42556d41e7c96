-- The clubs an editor names for a season (issue 34): a hand-made season has its clubs before
-- it has a single match, so its fixture lists, squads and table can be built from them.
-- Imported seasons need no rows here: their clubs are those in their matches, and readers
-- of this table take both (src/db/desk-seasons.ts).
create table season_clubs (
  season_id bigint not null references seasons (id) on delete cascade,
  club_id bigint not null references clubs (id) on delete cascade,
  primary key (season_id, club_id)
);

create index season_clubs_club_idx on season_clubs (club_id);

-- Only the worker reads and writes them; Supabase's Data API serves none of them.
alter table season_clubs enable row level security;
