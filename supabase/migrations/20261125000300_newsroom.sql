-- The newsroom (issue 15): contributors beside editors and admins; posts that move from a
-- draft through review to published, now or at a time; every saved version of a post; the
-- slugs a post answered to before (they keep answering, with a 301); and the audit log of
-- every change made at the desk; and the corrections editors make to the football data.

alter table users drop constraint users_role_check;
alter table users add constraint users_role_check check (role in ('reader', 'contributor', 'editor', 'admin'));

-- A draft has no publication time yet; a scheduled post's is when the cron publishes it.
alter table posts drop constraint posts_status_check;
alter table posts add constraint posts_status_check check (status in ('draft', 'review', 'scheduled', 'published'));
alter table posts alter column published_at drop not null;
alter table posts add constraint posts_dated_when_out check (status in ('draft', 'review') or published_at is not null);
-- Posts written at the desk have no file; the seed's posts keep their file's path.
alter table posts alter column source_key drop not null;
alter table posts
  add column created_by uuid references users (id) on delete set null,
  add column created_at timestamptz not null default now(),
  add column updated_at timestamptz not null default now();

create index posts_scheduled_idx on posts (published_at) where status = 'scheduled';

create table post_revisions (
  id bigint generated always as identity primary key,
  post_id bigint not null references posts (id) on delete cascade,
  -- 1, 2, 3… per post, in the order they were saved.
  number integer not null,
  author_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- The post's words, slugs, kind and tags as this version saved them.
  content jsonb not null,
  unique (post_id, number)
);

-- The slugs a post had before its current ones, per language: each still names that post.
create table post_old_slugs (
  lang text not null check (lang in ('ar', 'en')),
  slug text not null,
  post_id bigint not null references posts (id) on delete cascade,
  primary key (lang, slug)
);

-- The fields of a club or player an editor corrected ("name.ar", "short_name.en", "position",
-- "shirt_number"): an import leaves them as the editor set them.
alter table clubs add column corrected jsonb not null default '[]' check (jsonb_typeof(corrected) = 'array');
alter table players add column corrected jsonb not null default '[]' check (jsonb_typeof(corrected) = 'array');

create table audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid references users (id) on delete set null,
  -- 'post.create', 'post.publish', 'club.update', 'deduction.create', 'user.role'…
  action text not null check (action ~ '^[a-z]+\.[a-z_]+$'),
  target_type text not null,
  target_id text not null,
  before jsonb,
  after jsonb,
  at timestamptz not null default clock_timestamp()
);

create index audit_log_at_idx on audit_log (at desc);
create index audit_log_target_idx on audit_log (target_type, target_id, at desc);

alter table post_revisions enable row level security;
alter table post_old_slugs enable row level security;
alter table audit_log enable row level security;

-- The desk's inbox: a contact message is new until an editor handles it, by a reply by mail
-- or by marking it so.
alter table contact_messages
  add column status text not null default 'new' check (status in ('new', 'handled')),
  add column handled_at timestamptz,
  add column handled_by uuid references users (id) on delete set null;

create table contact_replies (
  id bigint generated always as identity primary key,
  message_id bigint not null references contact_messages (id) on delete cascade,
  author_id uuid references users (id) on delete set null,
  body text not null check (char_length(body) between 1 and 5000),
  sent_at timestamptz not null default now()
);

alter table contact_replies enable row level security;
