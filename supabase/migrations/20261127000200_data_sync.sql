-- Data that stays current (issue 16, section 2): the football-data.org and openfootball syncs
-- the Cron Trigger runs, what each run did, the request budget and validators they keep
-- between runs (a Cron invocation lives for a minute at most), the link between a synced
-- match and its provider, and the teams no alias reaches, waiting for an editor.

-- One row per sync run: the data status page's history.
create table sync_runs (
  id bigint generated always as identity primary key,
  source text not null check (source in ('football-data', 'openfootball')),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  -- Requests sent to the provider (football-data's budget counts them).
  requests integer not null default 0,
  -- {"created": n, "updated": n, "unchanged": n, "queued": n, "held": n}
  counts jsonb not null default '{}',
  -- What changed: [{"match": id, "fields": [...]}], at most a screenful.
  changes jsonb not null default '[]',
  -- Editor-held matches the provider saw otherwise: [{"match": id, "fields": {...}}].
  conflicts jsonb not null default '[]',
  errors jsonb not null default '[]'
);

create index sync_runs_source_idx on sync_runs (source, started_at desc);

-- football-data.org's free tier: 10 requests a rolling minute. The window and what it has
-- spent outlive the invocation; a 429 blocks every request until the provider's reset.
create table sync_budget (
  source text primary key,
  window_start timestamptz not null default now(),
  used integer not null default 0 check (used >= 0),
  blocked_until timestamptz
);

-- What the sync remembers per file or competition: openfootball's ETags, and when each
-- football-data competition was last fetched whole.
create table sync_cursors (
  source text not null,
  key text not null,
  etag text,
  fetched_at timestamptz not null default now(),
  primary key (source, key)
);

-- A synced match and its provider's id. `synced_version` is the live_version the sync left:
-- a higher one means an editor has changed the match since, and the sync leaves it alone.
create table sync_match_links (
  match_id bigint primary key references matches (id) on delete cascade,
  source text not null,
  external_id text not null,
  synced_version integer not null,
  unique (source, external_id)
);

-- A team name no alias reaches, with the fixtures that wait for it (keyed by the provider's
-- fixture key, so a second sync adds nothing). Mapping it to a club writes them.
create table sync_unmatched_teams (
  id bigint generated always as identity primary key,
  source text not null,
  name text not null,
  alias_key text not null unique,
  fixtures jsonb not null default '{}',
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now()
);

alter table sync_runs enable row level security;
alter table sync_budget enable row level security;
alter table sync_cursors enable row level security;
alter table sync_match_links enable row level security;
alter table sync_unmatched_teams enable row level security;
