-- Alerts by Web Push (issue 27, section 3; decisions 135 and 136). One row per event and device
-- that was sent: the consumer inserts it before it sends, with `on conflict do nothing`, and
-- sends only when the row is new, so a retried batch, a second editor or a sync that sees the
-- same event again never pushes it twice. The event key names the real event (decision 135:
-- `goal:<event id>`, `kickoff:<match id>`, `news:<post id>`…). A device that goes takes its rows.
create table alert_deliveries (
  event_key text not null check (length(event_key) between 1 and 200),
  subscription_id bigint not null references push_subscriptions (id) on delete cascade,
  sent_at timestamptz not null default now(),
  primary key (event_key, subscription_id)
);

create index alert_deliveries_subscription_idx on alert_deliveries (subscription_id);

-- Events the push services kept refusing: after the queue's last retry the event goes to the
-- dead-letter queue, whose consumer writes it here for the desk's data page (decision 136).
create table alert_failures (
  id bigint generated always as identity primary key,
  event_key text not null,
  kind text not null,
  attempts integer not null,
  failed_at timestamptz not null default now()
);

create index alert_failures_failed_at_idx on alert_failures (failed_at desc);

alter table alert_deliveries enable row level security;
alter table alert_failures enable row level security;
