-- The live match centre (issue 5). Every change an editor makes to a match, an event or its
-- state, raises live_version in the same transaction. The match room broadcasts the version
-- with each change, so a reader's page knows whether it missed one and must catch up.
alter table matches add column live_version integer not null default 0;

-- A replay (`npm run demo:live`) is a demo copy of a real match, played again through the
-- editor API. It points at the original so pages can label it, and it never counts in a
-- table, a record or a player's goals.
alter table matches add column replay_of bigint references matches (id) on delete cascade;

-- Who entered an event from the editor API; imported events have none.
alter table match_events add column entered_by uuid references users (id) on delete set null;

create index matches_replay_idx on matches (replay_of) where replay_of is not null;
