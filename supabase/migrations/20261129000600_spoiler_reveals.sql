-- Spoiler-free reveals (issue 27, section 4; decision 139): the matches whose score a
-- spoiler-free reader has asked to see. One row per reader and match; deleting the account,
-- or the match, deletes its rows. The reader's rows are read with their session (src/db/sessions.ts),
-- so the primary key leads with user_id.
create table spoiler_reveals (
  user_id uuid not null references users (id) on delete cascade,
  match_id bigint not null references matches (id) on delete cascade,
  revealed_at timestamptz not null default now(),
  primary key (user_id, match_id)
);

create index spoiler_reveals_match_idx on spoiler_reveals (match_id);

-- Only the worker reads and writes reveals; Supabase's Data API serves none of them.
alter table spoiler_reveals enable row level security;
