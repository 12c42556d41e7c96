-- One name per alert kind (decision 141): the names the follows API documents and the follows
-- table already holds (`kickoff`, `lineups`, `red_card`, `penalty_missed`, `half_time`,
-- `full_time`). Devices' quiet hours, delivery keys and dead letters were written with the
-- hyphenated names (`kick-off`, `team-sheets`, `red-card`…) and are rewritten here, so a device
-- keeps letting through what its reader chose, and an event already sent is not sent again
-- under its new key.
update push_subscriptions set quiet_allows = array(
  select case k
    when 'kick-off' then 'kickoff'
    when 'team-sheets' then 'lineups'
    when 'red-card' then 'red_card'
    when 'penalty-missed' then 'penalty_missed'
    when 'half-time' then 'half_time'
    when 'full-time' then 'full_time'
    else k end
  from unnest(quiet_allows) with ordinality as a (k, n) order by n)
where quiet_allows && array['kick-off', 'team-sheets', 'red-card', 'penalty-missed', 'half-time', 'full-time'];

-- As the follows table does: only known kinds, each once at most.
alter table push_subscriptions add constraint push_subscriptions_quiet_allows_check check (
  quiet_allows <@ array['kickoff', 'lineups', 'goal', 'red_card', 'penalty_missed', 'half_time', 'full_time', 'correction', 'news']::text[]
  and cardinality(quiet_allows) <= 9
  and array_position(quiet_allows, null) is null
);

-- Keys are `<kind>:<id>` (decision 135); the kick-off's and the team sheets' already were.
update alert_deliveries set event_key = replace(split_part(event_key, ':', 1), '-', '_') || substr(event_key, strpos(event_key, ':'))
where split_part(event_key, ':', 1) in ('red-card', 'penalty-missed', 'half-time', 'full-time');

update alert_failures set kind = case kind
    when 'kick-off' then 'kickoff'
    when 'team-sheets' then 'lineups'
    else replace(kind, '-', '_') end,
  event_key = case when split_part(event_key, ':', 1) in ('red-card', 'penalty-missed', 'half-time', 'full-time')
    then replace(split_part(event_key, ':', 1), '-', '_') || substr(event_key, strpos(event_key, ':')) else event_key end
where kind in ('kick-off', 'team-sheets', 'red-card', 'penalty-missed', 'half-time', 'full-time');
