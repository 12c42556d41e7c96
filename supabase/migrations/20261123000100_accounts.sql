-- Accounts (the accounts issue): credentials and profile fields on users, one-time-code
-- challenges, social identities, per-account throttling, spent captcha solutions, and the
-- outbox that local development reads mail from. Figures: ../shared/docs/security.md.

-- A social-only account has no password; an account is unverified until its first code.
alter table users
  add column password_hash text,
  add column mobile text check (mobile ~ '^\+[1-9][0-9]{6,14}$'),
  add column theme text not null default 'system' check (theme in ('light', 'dark', 'system')),
  add column lang text not null default 'ar' check (lang in ('ar', 'en')),
  add column avatar_key text,
  add column email_verified_at timestamptz,
  add column updated_at timestamptz not null default now(),
  add constraint users_email_check check (char_length(email) between 3 and 254);

-- One account per mobile number (E.164), as for email.
create unique index users_mobile_key on users (mobile) where mobile is not null;

-- Which session a request came from, for the signed-in devices list.
alter table sessions add column last_seen_at timestamptz not null default now();

-- A pending step that waits for a one-time code: verifying the address after sign-up,
-- signing in with a code, resetting the password, or changing the email. A code is bound to
-- its purpose and to its pending token (change_email: to the session that asked) (ASVS 6.6.2).
-- Only hashes are stored. user_id is null when the address has no account: the answer looks
-- the same, and no code can ever match (no account enumeration).
create table otp_challenges (
  id uuid primary key default gen_random_uuid(),
  purpose text not null check (purpose in ('verify_email', 'sign_in', 'reset_password', 'change_email')),
  token_hash bytea unique check (octet_length(token_hash) = 32),
  session_id uuid references sessions (id) on delete cascade,
  user_id uuid references users (id) on delete cascade,
  email text not null,
  code_hash bytea not null check (octet_length(code_hash) = 32),
  attempts integer not null default 0,
  last_sent_at timestamptz not null default now(),
  code_expires_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now(),
  check (token_hash is not null or session_id is not null)
);

create index otp_challenges_session_idx on otp_challenges (session_id) where session_id is not null;
create index otp_challenges_user_idx on otp_challenges (user_id) where user_id is not null;

-- Every code sent, per address, for the hourly cap (security.md: 5 sends per hour).
create table otp_sends (
  id bigint generated always as identity primary key,
  email text not null,
  sent_at timestamptz not null default now()
);

create index otp_sends_email_idx on otp_sends (lower(email), sent_at);

-- Social identities, keyed by (provider, provider id) (ASVS 6.8.1).
create table identities (
  provider text not null check (char_length(provider) between 1 and 40),
  provider_id text not null check (char_length(provider_id) between 1 and 255),
  user_id uuid not null references users (id) on delete cascade,
  email text,
  created_at timestamptz not null default now(),
  primary key (provider, provider_id)
);

create index identities_user_idx on identities (user_id);

-- Throttling that grows after repeated failures, per account key (the address or number
-- typed, whether or not an account has it, so the answer never tells the two apart).
create table auth_throttle (
  key text primary key,
  failures integer not null default 0,
  last_failure_at timestamptz not null default now(),
  blocked_until timestamptz
);

-- A captcha solution works once: its signature is kept until the challenge expires.
create table captcha_solutions (
  signature text primary key,
  expires_at timestamptz not null
);

create index captcha_solutions_expires_idx on captcha_solutions (expires_at);

-- Local development keeps outgoing mail here (GET /__dev/mail); production never writes it.
create table dev_mail (
  id bigint generated always as identity primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now()
);

create index dev_mail_to_idx on dev_mail (lower(to_address), id desc);
