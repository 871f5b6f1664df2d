-- Events stored before the field index (0039) had their standard fields indexed by that migration, but not
-- their sensor data, error declarations and extension fields: only the server's own reading of an event
-- (eventFields.ts) names those. They are the events without a feed entry (0041 came with 0039), and the
-- server reads them again in the background (fieldBackfill.ts), id by id up to last_id, then deletes the row.
CREATE TABLE epcis_field_backfill (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  next_id  bigint NOT NULL,
  last_id  bigint NOT NULL
);
INSERT INTO epcis_field_backfill (next_id, last_id)
SELECT 0, max(id) FROM epcis_event WHERE append_id IS NULL HAVING max(id) IS NOT NULL;
