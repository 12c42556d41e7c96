-- Points taken off a club in a season (issue 12): tables apply them and say why under the
-- table, in both languages, with the source. A row is data an editor can correct (the desk
-- of issue 15); the seed loads the researched ones from content/deductions.json.
create table point_deductions (
  id bigint generated always as identity primary key,
  season_id bigint not null references seasons (id) on delete cascade,
  club_id bigint not null references clubs (id) on delete cascade,
  -- One sanction a row: a club docked twice in a season has two rows, each with its reason.
  points integer not null check (points between 1 and 100),
  reason jsonb not null check (jsonb_typeof(reason -> 'en') = 'string' and jsonb_typeof(reason -> 'ar') = 'string'),
  source_url text not null check (source_url ~ '^https://'),
  decided_on date,
  source_key text not null unique
);

create index point_deductions_season_idx on point_deductions (season_id);

alter table point_deductions enable row level security;
