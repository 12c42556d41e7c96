-- Football content: competitions and seasons, clubs and national teams, players, matches
-- with their events and lineups, stadiums. Modelled on what FotMob, BBC Sport, Kooora and
-- FilGoal show (docs/decisions.md, "Football data model").
--
-- Localized text is jsonb {"en": "...", "ar": "..."}; lib/localized.ts reads it by the
-- spec's slug-value rule (§3). Imported rows carry a `source_key`, the natural key the
-- importer upserts on, so a second import changes nothing.

create table competitions (
  id text primary key check (id ~ '^[a-z0-9.]{2,32}$'),
  kind text not null check (kind in ('league', 'cup')),
  name jsonb not null,
  short_name jsonb not null,
  -- ISO 3166 alpha-2, or null for international competitions.
  country text,
  -- Zone of the kick-off times in the source files when they carry none.
  timezone text not null default 'UTC',
  -- Order of the shortcuts on the home page: the flagship competitions first.
  priority integer not null default 100
);

create table seasons (
  id bigint generated always as identity primary key,
  competition_id text not null references competitions (id) on delete cascade,
  -- '2024/25' for leagues, '2022' for tournaments.
  label text not null check (label ~ '^\d{4}(/\d{2})?$'),
  unique (competition_id, label)
);

create table stadiums (
  id bigint generated always as identity primary key,
  name text not null,
  city text,
  country text,
  capacity integer check (capacity > 0),
  opened integer,
  timezone text,
  source_key text not null unique
);

-- Clubs and national teams share one table: both play matches, both have squads.
create table clubs (
  id bigint generated always as identity primary key,
  kind text not null default 'club' check (kind in ('club', 'national')),
  name jsonb not null,
  short_name jsonb not null,
  founded integer check (founded between 1850 and 2100),
  city text,
  country text,
  stadium_id bigint references stadiums (id) on delete set null,
  crest text,
  colours text[] not null default '{}',
  fifa_code text,
  source_key text not null unique
);

-- Every spelling a club goes by in the sources, folded (case, accents, punctuation), so
-- "Paris Saint-Germain", "Paris Saint-Germain FC" and "PSG" reach one row.
create table club_aliases (
  alias_key text primary key,
  alias text not null,
  club_id bigint not null references clubs (id) on delete cascade
);

create index club_aliases_club_id_idx on club_aliases (club_id);

create table players (
  id bigint generated always as identity primary key,
  name jsonb not null,
  aliases text[] not null default '{}',
  position text check (position in ('GK', 'DF', 'MF', 'FW')),
  shirt_number integer check (shirt_number between 0 and 99),
  date_of_birth date,
  -- The national team the player represents (a clubs row of kind 'national').
  nationality_id bigint references clubs (id) on delete set null,
  club_id bigint references clubs (id) on delete set null,
  photo text,
  bio jsonb,
  source_key text not null unique
);

create index players_club_id_idx on players (club_id);
create index players_nationality_id_idx on players (nationality_id);

-- Who was in which squad for which season or tournament.
create table squad_members (
  season_id bigint not null references seasons (id) on delete cascade,
  club_id bigint not null references clubs (id) on delete cascade,
  player_id bigint not null references players (id) on delete cascade,
  shirt_number integer check (shirt_number between 0 and 99),
  position text check (position in ('GK', 'DF', 'MF', 'FW')),
  primary key (season_id, player_id)
);

create index squad_members_club_idx on squad_members (club_id, season_id);

create table matches (
  id bigint generated always as identity primary key,
  season_id bigint not null references seasons (id) on delete cascade,
  round text,
  stage text,
  group_name text,
  match_number integer,
  kickoff timestamptz not null,
  -- Some fixtures have a date and no time: the page then shows the date alone.
  kickoff_time_known boolean not null default true,
  home_club_id bigint not null references clubs (id),
  away_club_id bigint not null references clubs (id),
  stadium_id bigint references stadiums (id) on delete set null,
  venue text,
  status text not null check (status in ('scheduled', 'live', 'finished', 'postponed', 'awarded')),
  -- The live minute while status is 'live'.
  minute integer check (minute between 0 and 130),
  ft_home integer check (ft_home >= 0),
  ft_away integer check (ft_away >= 0),
  ht_home integer check (ht_home >= 0),
  ht_away integer check (ht_away >= 0),
  et_home integer check (et_home >= 0),
  et_away integer check (et_away >= 0),
  pen_home integer check (pen_home >= 0),
  pen_away integer check (pen_away >= 0),
  -- Fixtures the demo seed invents around today (never imported data).
  demo boolean not null default false,
  source_key text not null unique,
  check (home_club_id <> away_club_id),
  check ((ft_home is null) = (ft_away is null))
);

create index matches_season_idx on matches (season_id, kickoff);
create index matches_kickoff_idx on matches (kickoff);
create index matches_home_idx on matches (home_club_id, kickoff);
create index matches_away_idx on matches (away_club_id, kickoff);

create table match_events (
  id bigint generated always as identity primary key,
  match_id bigint not null references matches (id) on delete cascade,
  kind text not null check (kind in ('goal', 'own_goal', 'penalty_goal', 'yellow_card', 'red_card', 'substitution')),
  minute integer not null check (minute between 0 and 130),
  stoppage integer check (stoppage between 0 and 30),
  -- 1 home, 2 away: the side the event counts for (an own goal counts for the other side).
  side smallint not null check (side in (1, 2)),
  player_id bigint references players (id) on delete set null,
  player_name text not null,
  -- Substitutions: the player coming on.
  other_player_id bigint references players (id) on delete set null,
  other_player_name text,
  created_at timestamptz not null default now(),
  source_key text not null unique
);

create index match_events_match_idx on match_events (match_id, minute, stoppage);
create index match_events_player_idx on match_events (player_id);

create table lineups (
  match_id bigint not null references matches (id) on delete cascade,
  club_id bigint not null references clubs (id) on delete cascade,
  player_id bigint not null references players (id) on delete cascade,
  shirt_number integer,
  position text,
  starter boolean not null default true,
  primary key (match_id, player_id)
);
