-- How many codes of each generation job sit in each batch and status, kept with every change of `code`, so the
-- job and batch lists read a handful of rows instead of counting up to 10,000,000 codes per request.
-- Statement triggers with transition tables add one grouped upsert to each statement that writes codes (never a
-- per-row trigger): a COPY of 50,000 codes adds one aggregate over the rows it wrote, in its own transaction.
CREATE TABLE code_tally (
  record_id uuid NOT NULL,
  batch_id  uuid,
  status    text NOT NULL,
  codes     bigint NOT NULL,
  CONSTRAINT code_tally_key UNIQUE NULLS NOT DISTINCT (record_id, batch_id, status)
);
CREATE INDEX code_tally_batch_idx ON code_tally (batch_id) WHERE batch_id IS NOT NULL;

CREATE FUNCTION code_tally_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- rows are upserted in key order, so two statements touching the same tallies queue rather than deadlock
  IF TG_OP = 'INSERT' THEN
    INSERT INTO code_tally AS t (record_id, batch_id, status, codes)
    SELECT record_id, batch_id, status, count(*) FROM new_codes GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT code_tally_key DO UPDATE SET codes = t.codes + excluded.codes;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO code_tally AS t (record_id, batch_id, status, codes)
    SELECT record_id, batch_id, status, sum(d) FROM (
      SELECT record_id, batch_id, status, -1 AS d FROM old_codes
      UNION ALL
      SELECT record_id, batch_id, status, 1 FROM new_codes
    ) moved GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT code_tally_key DO UPDATE SET codes = t.codes + excluded.codes;
  ELSE
    INSERT INTO code_tally AS t (record_id, batch_id, status, codes)
    SELECT record_id, batch_id, status, -count(*) FROM old_codes GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT code_tally_key DO UPDATE SET codes = t.codes + excluded.codes;
  END IF;
  RETURN NULL;
END
$$;

-- a trigger with transition tables serves one event, hence three
CREATE TRIGGER code_tally_insert AFTER INSERT ON code
  REFERENCING NEW TABLE AS new_codes FOR EACH STATEMENT EXECUTE FUNCTION code_tally_follow();
CREATE TRIGGER code_tally_update AFTER UPDATE ON code
  REFERENCING OLD TABLE AS old_codes NEW TABLE AS new_codes FOR EACH STATEMENT EXECUTE FUNCTION code_tally_follow();
CREATE TRIGGER code_tally_delete AFTER DELETE ON code
  REFERENCING OLD TABLE AS old_codes FOR EACH STATEMENT EXECUTE FUNCTION code_tally_follow();

-- the codes that exist already, counted once (creating the triggers locked out writers until this commits)
INSERT INTO code_tally (record_id, batch_id, status, codes)
SELECT record_id, batch_id, status, count(*) FROM code GROUP BY 1, 2, 3;

-- bulk activation and voiding by a serial range of a rule (only sequential rules number their codes)
CREATE INDEX code_rule_serial_idx ON code (rule_id, serial) WHERE serial IS NOT NULL;
