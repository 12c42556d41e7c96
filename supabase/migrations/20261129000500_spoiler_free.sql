-- Spoiler-free (issue 27, section 4; decision 139): a reader who watches a recording later hides
-- the scores of every match ('all') or of what they follow ('follows') until they reveal one.
-- What alerts say of such a match is theirs to choose: the teams without the score ('vague') or
-- nothing at all ('none').
alter table users
  add column spoiler_free text not null default 'off' check (spoiler_free in ('off', 'follows', 'all')),
  add column spoiler_alerts text not null default 'vague' check (spoiler_alerts in ('vague', 'none'));
