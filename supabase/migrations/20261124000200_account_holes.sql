-- The account holes of the security review (issue 12; docs/decisions.md 058 and 059).

-- What a sign-up typed waits in its code step and reaches the account only when that
-- step's code proves the address (058): an unverified account holds no credential.
alter table otp_challenges
  add column signup_name text check (char_length(signup_name) between 1 and 100),
  add column signup_password_hash text,
  add column signup_mobile text check (signup_mobile ~ '^\+[1-9][0-9]{6,14}$'),
  add column signup_lang text check (signup_lang in ('ar', 'en')),
  add constraint otp_challenges_signup_check check (
    signup_password_hash is null and signup_name is null and signup_mobile is null and signup_lang is null
    or purpose = 'verify_email' and signup_password_hash is not null and signup_name is not null and signup_lang is not null);

-- Sign-ups made before this kept their details on the account; nobody proved them.
update users set password_hash = null, mobile = null, updated_at = now() where email_verified_at is null;

-- The client (IPv4 address or IPv6 /64) that asked for each code: the hourly cap counts per
-- address and client, so a stranger cannot spend the owner's codes (059).
alter table otp_sends add column client text not null default 'unknown';

drop index otp_sends_email_idx;
create index otp_sends_email_idx on otp_sends (lower(email), sent_at, client);
