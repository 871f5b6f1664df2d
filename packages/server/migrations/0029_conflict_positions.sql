-- A channel conflict is judged by the scan's IP place when the check is made; when the consumer then lets
-- the page send the phone's position, that position judges the scan instead (an IP often places a mobile
-- phone at its carrier's gateway, provinces away). located_by says which one an alert rests on. The check
-- statement does not name the column, so its inserts keep the default and the hot path is unchanged.
ALTER TABLE channel_conflict ADD COLUMN located_by text NOT NULL DEFAULT 'IP' CHECK (located_by IN ('IP', 'POSITION'));
-- the position finds the alert its check wrote, if any
CREATE INDEX channel_conflict_scan_record_idx ON channel_conflict (scan_record_id);
