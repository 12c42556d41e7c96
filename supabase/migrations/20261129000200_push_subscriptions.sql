-- Alerts by Web Push (issue 27, section 3; decision 132): the devices a signed-in reader lets
-- Hadaf push to. Alerts follow what a reader follows, so only an account has devices; deleting
-- the account deletes them. The endpoint is the push service's address for one browser, a
-- capability URL: it names one device, so it is unique, and a second account that registers
-- it from the same browser takes it over. The keys are the browser's (RFC 8291): p256dh the
-- base64url of its 65-byte P-256 point, auth of its 16-byte secret. Alerts are written in
-- `lang` and kept out of the quiet hours on the device's clock (`time_zone`), except the kinds
-- in `quiet_allows`. A later alert_deliveries table references `id` to send each event to a
-- device once.
create table push_subscriptions (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  endpoint text not null unique check (endpoint ~ '^https?://' and length(endpoint) <= 1024),
  p256dh text not null check (p256dh ~ '^[A-Za-z0-9_-]{87}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  lang text not null check (lang in ('ar', 'en')),
  time_zone text not null check (length(time_zone) between 1 and 64),
  quiet_from time,
  quiet_to time,
  quiet_allows text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Quiet hours are both ends or none, and never an empty window.
  check ((quiet_from is null) = (quiet_to is null)),
  check (quiet_from is distinct from quiet_to or quiet_from is null)
);

create index push_subscriptions_user_idx on push_subscriptions (user_id);

-- Like every table: nothing for Supabase's Data API, which the public anon key could reach.
alter table push_subscriptions enable row level security;
