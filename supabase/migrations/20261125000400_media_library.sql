-- The desk's media library (issue 15, decisions 084 and 085): images, audio and video in the
-- R2 bucket, each with the credit and licence it is used under and a text alternative in both
-- languages (what an image shows; an audio or video item's title). Images also have their
-- WebP copies at the widths pages use, and a post may take one as its cover.

create table media (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('image', 'audio', 'video')),
  -- The R2 key (`library/<uuid>.<ext>`): random, never reused, so its URL is cached for good.
  storage_key text not null unique,
  -- The type the bytes were found to be, never the one the browser sent.
  mime text not null check (mime in (
    'image/jpeg', 'image/png', 'image/webp', 'audio/mpeg', 'audio/mp4', 'audio/ogg', 'video/mp4', 'video/webm'
  )),
  bytes bigint not null check (bytes > 0),
  width integer check (width > 0),
  height integer check (height > 0),
  duration_seconds numeric check (duration_seconds >= 0),
  credit text not null check (char_length(btrim(credit)) between 1 and 200),
  -- Codes; their names are worded per language (src/media/licences.ts).
  licence text not null check (licence in ('own', 'cc-by-4.0', 'cc-by-sa-4.0', 'cc0', 'agency', 'permission')),
  -- {ar, en}: an image's alt text, an audio or video item's title.
  alt jsonb not null check (jsonb_typeof(alt -> 'ar') = 'string' and jsonb_typeof(alt -> 'en') = 'string'),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- An image always knows its size (the page reserves its box); audio and video have none.
  constraint media_image_size check ((kind = 'image') = (width is not null and height is not null))
);

create index media_kind_created_idx on media (kind, created_at desc, id desc);

-- An image's resized copies: one per width pages ask for that is narrower than the original.
create table media_variants (
  media_id bigint not null references media (id) on delete cascade,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  mime text not null check (mime in ('image/webp', 'image/avif')),
  storage_key text not null unique,
  bytes integer not null check (bytes > 0),
  primary key (media_id, width)
);

-- A cover chosen from the library. The seed's posts keep their cover_src columns, read when a
-- post has no cover_media_id. A library item that is some post's cover cannot be deleted.
alter table posts add column cover_media_id bigint references media (id) on delete restrict;
create index posts_cover_media_idx on posts (cover_media_id) where cover_media_id is not null;

-- A credit or alt text corrected in the library shows on every page with that cover.
create trigger media_raise_page_version after insert or update or delete or truncate on media
  for each statement execute function raise_page_version();

alter table media enable row level security;
alter table media_variants enable row level security;
