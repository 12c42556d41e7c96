-- The desk's football corrections (issue 15, decisions 086 and 087): a crest's and a
-- photo's credit and licence, the ids of clubs merged into another (their pages answer
-- with a 301 to the survivor), and the conflicts an import meets on a corrected field.

-- A crest or photo shown on a page says whose it is and under what licence, as the media
-- library's items do. The imported crest and photo columns keep the picture itself.
alter table clubs
  add column crest_credit text check (char_length(crest_credit) <= 200),
  add column crest_licence text check (char_length(crest_licence) <= 100);
alter table players
  add column photo_credit text check (char_length(photo_credit) <= 200),
  add column photo_licence text check (char_length(photo_licence) <= 100);

-- A club merged into another: its old id still names the survivor, and so does its old
-- source_key, which the importer maps to the survivor's (scripts/import/merged-clubs.ts)
-- when a names file still spells the club apart. Merging the survivor later moves these
-- along, so a redirect never chains.
create table club_redirects (
  old_id bigint primary key,
  old_source_key text not null unique,
  club_id bigint not null references clubs (id) on delete cascade,
  merged_at timestamptz not null default now()
);

create index club_redirects_club_idx on club_redirects (club_id);

-- An import that brings a value for a field an editor corrected keeps the editor's value
-- and records the difference here, once per open conflict: a later import refreshes the
-- incoming value and `last_seen`. An editor resolves it by keeping theirs ('ours') or
-- taking the import's ('theirs', which also lets later imports update the field again).
create table import_conflicts (
  id bigint generated always as identity primary key,
  target_type text not null check (target_type in ('club', 'player')),
  target_id bigint not null,
  -- As `corrected` names it: "name.ar", "short_name.en", "position", "shirt_number".
  field text not null,
  stored jsonb,
  incoming jsonb not null,
  -- The file or URL the incoming value came from.
  source text not null,
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid references users (id) on delete set null,
  resolution text check (resolution in ('ours', 'theirs')),
  check ((resolved_at is null) = (resolution is null))
);

create unique index import_conflicts_open_key on import_conflicts (target_type, target_id, field) where resolved_at is null;

alter table club_redirects enable row level security;
alter table import_conflicts enable row level security;
