-- The live desk (issue 16, decision 090): status steps and a match clock, more event kinds,
-- team sheets and minute-by-minute text. Every write here goes through src/db/live.ts,
-- which raises matches.live_version in the same transaction, so pages fold changes in order.

-- Suspended may resume; abandoned and cancelled are final, as postponed and awarded are.
alter table matches drop constraint matches_status_check;
alter table matches add constraint matches_status_check
  check (status in ('scheduled', 'live', 'suspended', 'finished', 'abandoned', 'postponed', 'cancelled', 'awarded'));

-- Where a live match is, and when its running period started by the editor's step: the
-- clock every page shows counts from it (lib/live.ts clockMinute).
alter table matches add column phase text
  check (phase in ('first_half', 'half_time', 'second_half', 'extra_time', 'penalties'));
alter table matches add column period_started_at timestamptz;

alter table match_events drop constraint match_events_kind_check;
alter table match_events add constraint match_events_kind_check check (kind in (
  'goal', 'own_goal', 'penalty_goal', 'missed_penalty', 'yellow_card', 'second_yellow', 'red_card', 'substitution', 'var'));
-- A VAR review's decision; only a VAR event has one.
alter table match_events add column detail text check (detail in (
  'goal_confirmed', 'goal_disallowed', 'penalty_awarded', 'penalty_cancelled', 'red_card', 'card_cancelled'));
alter table match_events add constraint match_events_var_detail_check check ((kind = 'var') = (detail is not null));

-- The team sheets. The first schema's lineups table was never written (no source of ours
-- has lineups): it is replaced by one that keeps the desk's order and names a player the
-- players table may not know, by side rather than club, so a club merge leaves it alone.
drop table lineups;

create table lineups (
  id bigint generated always as identity primary key,
  match_id bigint not null references matches (id) on delete cascade,
  side smallint not null check (side in (1, 2)),
  starter boolean not null,
  list_order smallint not null check (list_order between 0 and 40),
  player_id bigint references players (id) on delete set null,
  player_name text not null check (char_length(player_name) between 1 and 100),
  shirt_number integer check (shirt_number between 1 and 99),
  position text check (position in ('GK', 'DF', 'MF', 'FW')),
  unique (match_id, side, starter, list_order)
);

create index lineups_player_idx on lineups (player_id);

create table match_teamsheets (
  match_id bigint not null references matches (id) on delete cascade,
  side smallint not null check (side in (1, 2)),
  -- 4-3-3, 4-2-3-1, 3-5-2: outfield lines from the back.
  formation text check (formation ~ '^[1-6](-[1-6]){1,4}$'),
  coach text check (char_length(coach) between 1 and 100),
  primary key (match_id, side)
);

create table match_commentary (
  id bigint generated always as identity primary key,
  match_id bigint not null references matches (id) on delete cascade,
  minute integer not null check (minute between 0 and 130),
  stoppage integer check (stoppage between 0 and 30),
  text_ar text check (char_length(text_ar) between 1 and 2000),
  text_en text check (char_length(text_en) between 1 and 2000),
  key boolean not null default false,
  pinned boolean not null default false,
  entered_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (text_ar is not null or text_en is not null)
);

create index match_commentary_match_idx on match_commentary (match_id, minute desc);

-- Readers see these on match pages, so a change renews cached pages (decision 071).
create trigger lineups_raise_page_version after insert or update or delete or truncate on lineups
  for each statement execute function raise_page_version();
create trigger match_teamsheets_raise_page_version after insert or update or delete or truncate on match_teamsheets
  for each statement execute function raise_page_version();
create trigger match_commentary_raise_page_version after insert or update or delete or truncate on match_commentary
  for each statement execute function raise_page_version();

alter table lineups enable row level security;
alter table match_teamsheets enable row level security;
alter table match_commentary enable row level security;
