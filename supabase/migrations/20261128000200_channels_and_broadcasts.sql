-- Where to watch a match (issue 26, section 1; decision 119): the channels editors keep, and
-- each match's broadcasts, which name a channel, the countries the broadcast covers for that
-- match (rights differ by country and by match), its commentators and their language. Every
-- write goes through the desk API (src/db/channels.ts) and is audited; a sync never writes here.

-- Country lists are ISO 3166-1 alpha-2 codes. Which codes exist is lib/countries.ts's to say
-- (the API refuses any other); the database holds the shape: at least one code, each two
-- capital letters, no null.
create function is_country_list(codes text[]) returns boolean
language sql immutable as $$
  select cardinality(codes) between 1 and 249
    and array_position(codes, null) is null
    and array_to_string(codes, ',') ~ '^[A-Z]{2}(,[A-Z]{2})*$'
$$;

create table channels (
  id bigint generated always as identity primary key,
  -- {ar, en}: both always present.
  name jsonb not null check (
    jsonb_typeof(name -> 'ar') = 'string' and jsonb_typeof(name -> 'en') = 'string'
    and char_length(name ->> 'ar') between 1 and 100 and char_length(name ->> 'en') between 1 and 100),
  free_to_air boolean not null,
  -- Where the channel airs; a broadcast names the countries it covers for its match.
  countries text[] not null check (is_country_list(countries)),
  -- The channel's or its streaming service's address.
  url text check (url ~ '^https://' and char_length(url) <= 500),
  -- How to get it, {ar?, en?}: "Nilesat 7°W, 11 900 V", "the TOD app".
  reception jsonb not null default '{}' check (jsonb_typeof(reception) = 'object'),
  -- A library image; its credit and licence are the library item's.
  logo_media_id bigint references media (id) on delete set null,
  -- The seed's key for a channel it brought (content/channels.json); null for the desk's own.
  source_key text unique,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Two channels by one name would be one channel to a reader: the desk answers 422.
create unique index channels_name_en_key on channels (lower(name ->> 'en'));
create unique index channels_name_ar_key on channels (lower(name ->> 'ar'));
create index channels_logo_idx on channels (logo_media_id) where logo_media_id is not null;

create table broadcasts (
  id bigint generated always as identity primary key,
  match_id bigint not null references matches (id) on delete cascade,
  -- A channel that carries a match cannot be removed from under it.
  channel_id bigint not null references channels (id) on delete restrict,
  -- The order the editor gave; PUT replaces a match's whole list.
  list_order smallint not null check (list_order between 0 and 49),
  countries text[] not null check (is_country_list(countries)),
  -- [{ar?, en?}]: each names one commentator, in one language or both.
  commentators jsonb not null default '[]' check (jsonb_typeof(commentators) = 'array' and jsonb_array_length(commentators) <= 5),
  -- An ISO 639 code (639-1, or 639-3 where there is none, as 'zgh' for Tamazight); lib/languages.ts lists the ones offered.
  language text check (language ~ '^[a-z]{2,3}$'),
  unique (match_id, list_order),
  unique (match_id, channel_id)
);

create index broadcasts_channel_idx on broadcasts (channel_id);

-- Where to watch shows on the match's page, on its day's list, and in the calendar feeds of
-- its clubs and its season (decision 114's scopes, decision 125): a broadcast renews those of
-- its match, a channel those of every match that carries it.
create function page_scopes_of(b broadcasts) returns text[]
language sql stable strict as $$
  select array['match:' || m.id] || match_row_scopes(m) from matches m where m.id = b.match_id
$$;

create function page_scopes_of(ch channels) returns text[]
language sql stable strict as $$
  select array_agg(distinct scope) from broadcasts b, matches m, lateral unnest(array['match:' || m.id] || match_row_scopes(m)) scope
  where b.channel_id = ch.id and m.id = b.match_id
$$;

do $$
declare
  shown text;
begin
  foreach shown in array array['channels', 'broadcasts'] loop
    execute format('create trigger %I after insert or delete on %I for each row execute function touch_row_scopes()', shown || '_written', shown);
    execute format('create trigger %I after update on %I for each row when (old.* is distinct from new.*) execute function touch_row_scopes()',
      shown || '_changed', shown);
    execute format('create trigger %I after truncate on %I for each statement execute function raise_page_version()', shown || '_truncated', shown);
  end loop;
end
$$;

alter table channels enable row level security;
alter table broadcasts enable row level security;
