-- A post's audio and video from the desk's media library (issue 15, decision 089). The seed's
-- posts keep their clips in posts.media (files on the site); a post written at the desk
-- lists library items here, in the order the page plays them, after any of the seed's. A
-- library item some post uses cannot be deleted from under it, as with covers.
create table post_media (
  post_id bigint not null references posts (id) on delete cascade,
  media_id bigint not null references media (id) on delete restrict,
  -- 1 for the first clip on the page.
  position smallint not null check (position > 0),
  primary key (post_id, media_id),
  unique (post_id, position)
);

-- The delete check of `on delete restrict` looks a library item up by its id.
create index post_media_media_idx on post_media (media_id);

-- A clip attached or taken away changes the post's page, as a tag does (decision 071).
create trigger post_media_raise_page_version after insert or update or delete or truncate on post_media
  for each statement execute function raise_page_version();

alter table post_media enable row level security;
