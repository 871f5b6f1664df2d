-- Public verification: what the check needs beyond 0015.

-- The "several provinces in a short time" rule keeps the distinct provinces seen since `recent_since`;
-- a scan more than SCAN_SUSPICIOUS_WINDOW_MINUTES after `recent_since` starts a new window with its own
-- province. `first_country` names the first scan's place when it was abroad (no province then).
ALTER TABLE code_scan ADD COLUMN recent_since timestamptz NOT NULL DEFAULT now();
ALTER TABLE code_scan ADD COLUMN first_country text NOT NULL DEFAULT '';

-- One-time secret of a check's scan record: the page sends it back (scanCodeRecord/add) to attach the
-- browser's position to that record; cleared when used, so a record is placed at most once.
ALTER TABLE scan_record ADD COLUMN attach_token text;
