-- The team's writing (news, articles, analytics, caricatures), the site's own pages
-- (contact, privacy, terms) and the messages readers send through the contact form.

create table posts (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('news', 'article', 'analytics', 'caricature')),
  -- Per-language slugs (an Arabic slug in Arabic script); each unique in its language.
  slug_en text not null unique check (slug_en ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug_ar text not null unique check (char_length(slug_ar) between 1 and 200),
  title jsonb not null,
  summary jsonb not null,
  -- HTML, sanitised with an allow-list before it is written (scripts/lib/sanitize.ts).
  body jsonb not null,
  cover_src text,
  cover_width integer,
  cover_height integer,
  cover_alt jsonb,
  -- [{type: video|audio, src, mime, poster, width, height, duration, title, captions: [{lang, label, src}]}]
  media jsonb not null default '[]',
  author jsonb not null,
  status text not null default 'published' check (status in ('draft', 'published')),
  published_at timestamptz not null,
  source_key text not null unique
);

create index posts_kind_published_idx on posts (kind, published_at desc) where status = 'published';

-- A post's links to what it is about. Exactly one target per row.
create table post_tags (
  post_id bigint not null references posts (id) on delete cascade,
  competition_id text references competitions (id) on delete cascade,
  club_id bigint references clubs (id) on delete cascade,
  player_id bigint references players (id) on delete cascade,
  match_id bigint references matches (id) on delete cascade,
  check (num_nonnulls(competition_id, club_id, player_id, match_id) = 1)
);

create unique index post_tags_unique on post_tags (post_id, coalesce(competition_id, ''), coalesce(club_id, 0), coalesce(player_id, 0), coalesce(match_id, 0));
create index post_tags_competition_idx on post_tags (competition_id) where competition_id is not null;
create index post_tags_club_idx on post_tags (club_id) where club_id is not null;
create index post_tags_player_idx on post_tags (player_id) where player_id is not null;
create index post_tags_match_idx on post_tags (match_id) where match_id is not null;

create table pages (
  slug text primary key check (slug in ('contact', 'privacy', 'terms')),
  title jsonb not null,
  body jsonb not null,
  updated_at timestamptz not null default now()
);

create table contact_messages (
  id bigint generated always as identity primary key,
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254),
  subject text not null check (char_length(subject) between 1 and 150),
  message text not null check (char_length(message) between 10 and 5000),
  lang text not null check (lang in ('ar', 'en')),
  created_at timestamptz not null default now()
);
