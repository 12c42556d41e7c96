-- Users and their sessions. The accounts issue adds credentials, codes and identities;
-- this is what the route guards need to know who is signed in.

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  name text not null check (char_length(name) between 1 and 100),
  role text not null default 'reader' check (role in ('reader', 'editor', 'admin')),
  created_at timestamptz not null default now()
);

-- Emails compare case-insensitively; the unique index enforces one account per address.
create unique index users_email_key on users (lower(email));

-- Only the SHA-256 of a session token is stored: a leaked table cannot sign anyone in.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash bytea not null unique check (octet_length(token_hash) = 32),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  user_agent text,
  ip inet
);

create index sessions_user_id_idx on sessions (user_id);
