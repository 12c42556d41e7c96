-- Follows (issue 27, section 1; decision 127): a signed-in reader follows clubs, players,
-- competitions and single matches, and chooses per follow which alerts they want.

-- One column per kind of target, as ratings and post_tags do, so each follow has a real
-- foreign key: deleting the account, or the club, player, competition or match, takes its
-- follows with it. `type` repeats which column is set, so a list can be read and filtered by
-- it without a case over four columns; the check keeps the two in step.
create table follows (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  type text not null check (type in ('club', 'player', 'competition', 'match')),
  club_id bigint references clubs (id) on delete cascade,
  player_id bigint references players (id) on delete cascade,
  competition_id text references competitions (id) on delete cascade,
  match_id bigint references matches (id) on delete cascade,
  -- The kinds of alert the reader wants for this follow (lib/follows.ts names them; an empty
  -- list follows without alerts). The API writes them as a set, in the order lib/follows.ts gives.
  alerts text[] not null default '{}' check (
    alerts <@ array['kickoff', 'lineups', 'goal', 'red_card', 'penalty_missed', 'half_time', 'full_time', 'correction', 'news']::text[]
    and cardinality(alerts) <= 9
    and array_position(alerts, null) is null
  ),
  created_at timestamptz not null default now(),
  check (num_nonnulls(club_id, player_id, competition_id, match_id) = 1),
  check (case type
    when 'club' then club_id is not null
    when 'player' then player_id is not null
    when 'competition' then competition_id is not null
    else match_id is not null
  end)
);

-- One follow per reader and target; the partial indexes are also what the insert's
-- `on conflict (user_id, club_id) where club_id is not null` names, and they serve the
-- reader's own list (user_id first).
create unique index follows_user_club_key on follows (user_id, club_id) where club_id is not null;
create unique index follows_user_player_key on follows (user_id, player_id) where player_id is not null;
create unique index follows_user_competition_key on follows (user_id, competition_id) where competition_id is not null;
create unique index follows_user_match_key on follows (user_id, match_id) where match_id is not null;
-- Who follows a target: what alerts will fan out from, and what a target's delete cascades through.
create index follows_club_idx on follows (club_id) where club_id is not null;
create index follows_player_idx on follows (player_id) where player_id is not null;
create index follows_competition_idx on follows (competition_id) where competition_id is not null;
create index follows_match_idx on follows (match_id) where match_id is not null;

alter table follows enable row level security;
