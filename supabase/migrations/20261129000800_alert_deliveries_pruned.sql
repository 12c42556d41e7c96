-- A delivery row is needed while its event can still come again or be corrected (decision 142):
-- a queue retry within minutes, a correction within the match, a message kept up to the queue's
-- retention of four days. The cron deletes rows older than seven days; this index lets it find
-- them without reading a derby's millions of rows every minute.
create index alert_deliveries_sent_at_idx on alert_deliveries (sent_at);
