-- A match's fate as the desk records it (issue 34): why it was postponed, cancelled,
-- abandoned or awarded, {"ar": "...", "en": "..."}, which its page shows beside the status.
-- Null for a match played as planned; the desk clears it when a match is back on.
alter table matches add column status_reason jsonb;
