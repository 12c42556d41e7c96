-- Readers' ratings (issue 5, spec §3–§5, §9): one per signed-in user and item, posts of
-- every kind and players, from 0 to 5 stars in steps of 0.5. Each item keeps its count and
-- sum beside it, so a page reads its average in the statement that loads it.

-- One column per kind of item, as post_tags does, so each rating has a real foreign key:
-- deleting a post, a player or an account takes its ratings with it.
create table ratings (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  post_id bigint references posts (id) on delete cascade,
  player_id bigint references players (id) on delete cascade,
  value numeric(2, 1) not null check (value between 0 and 5 and value * 2 = trunc(value * 2)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (num_nonnulls(post_id, player_id) = 1)
);

-- One rating per user and item; the partial indexes are also what the upsert's
-- `on conflict (user_id, post_id) where post_id is not null` names.
create unique index ratings_user_post_key on ratings (user_id, post_id) where post_id is not null;
create unique index ratings_user_player_key on ratings (user_id, player_id) where player_id is not null;
create index ratings_post_idx on ratings (post_id) where post_id is not null;
create index ratings_player_idx on ratings (player_id) where player_id is not null;

alter table ratings enable row level security;

alter table posts
  add column rating_count integer not null default 0 check (rating_count >= 0),
  add column rating_sum numeric(12, 1) not null default 0 check (rating_sum between 0 and rating_count * 5);
alter table players
  add column rating_count integer not null default 0 check (rating_count >= 0),
  add column rating_sum numeric(12, 1) not null default 0 check (rating_sum between 0 and rating_count * 5);

-- The totals follow every change to ratings in the transaction that makes it, whatever
-- makes it: the API, or an account deletion that cascades. Increments (not recounts) stay
-- exact under concurrent writes, because each waits for the item row's lock and then adds
-- to the latest totals.
create function ratings_keep_totals() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update posts set rating_count = rating_count - 1, rating_sum = rating_sum - old.value where id = old.post_id;
    update players set rating_count = rating_count - 1, rating_sum = rating_sum - old.value where id = old.player_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update posts set rating_count = rating_count + 1, rating_sum = rating_sum + new.value where id = new.post_id;
    update players set rating_count = rating_count + 1, rating_sum = rating_sum + new.value where id = new.player_id;
  end if;
  return null;
end
$$;

create trigger ratings_keep_totals
  after insert or update of value, post_id, player_id or delete on ratings
  for each row execute function ratings_keep_totals();
