-- Calendar feeds (issue 26, section 4; decision 125): a subscribed calendar replaces an event
-- only when its SEQUENCE rises (RFC 5545 §3.8.7.4), so each match counts the revisions of what
-- a calendar shows of it, and says when the last one was made (LAST-MODIFIED). A live score, a
-- minute or a status step of a match in play is no revision: the feeds do not show them.
alter table matches add column schedule_revision integer not null default 0;
alter table matches add column schedule_changed_at timestamptz not null default now();

-- A revision: the kick-off moves or loses its time, the match is called off or back on, its
-- venue or one of its clubs changes (a cup's "winner of match 49" becoming a club).
create function matches_schedule_revised() returns trigger
language plpgsql as $$
begin
  new.schedule_revision := old.schedule_revision + 1;
  new.schedule_changed_at := now();
  return new;
end
$$;

create trigger matches_schedule_revised before update on matches for each row
  when ((old.kickoff, old.kickoff_time_known, old.status in ('postponed', 'cancelled'), old.venue, old.stadium_id, old.home_club_id, old.away_club_id)
    is distinct from (new.kickoff, new.kickoff_time_known, new.status in ('postponed', 'cancelled'), new.venue, new.stadium_id, new.home_club_id, new.away_club_id))
  execute function matches_schedule_revised();
