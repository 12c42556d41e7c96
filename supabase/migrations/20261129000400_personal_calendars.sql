-- The personal calendar feed of My Hadaf (issue 27, section 2; decision 138): one secret
-- address per reader, /{lang}/my/calendar/{token}.ics. The token is 256 random bits, as a
-- session's, and only its SHA-256 hash is kept: a leaked table gives no working address.
-- Making a new address replaces the row, so the old one stops working at once.
create table personal_calendars (
  user_id uuid primary key references users (id) on delete cascade,
  token_hash bytea not null unique check (octet_length(token_hash) = 32),
  -- The reader's country when the address was made, for a reader whose profile names none:
  -- a calendar app fetches the feed from its own servers, far from the reader.
  country text check (country ~ '^[A-Z]{2}$'),
  created_at timestamptz not null default now()
);

alter table personal_calendars enable row level security;
