-- Scan records partitioned by month of their scan time (see docs/architecture.md "Scan record partitions").
--
-- scan_record is the table that grows with every consumer scan. Cut into one partition per calendar month
-- (UTC), a query with a time range reads only the months it covers, and old months can be dropped whole
-- (SCAN_RETENTION_MONTHS) instead of deleted row by row. A partitioned table's primary key has to include
-- the partition key, so it becomes (id, scanned_at); ids still come from the same sequence, unique alone.
--
-- Partitions are named scan_record_yYYYYmMM and hold [first of the month, first of the next) in UTC. The
-- server adds the months ahead as time passes (modules/scanRecord/partitions.ts, which uses the same names);
-- this conversion creates every month from the oldest existing row to three months ahead. The DEFAULT
-- partition takes a row no month holds yet (an insert never fails for want of a partition); the server moves
-- such rows into their month.
--
-- The existing rows are copied over and the old table dropped, in the migration's one transaction.

ALTER TABLE scan_record RENAME TO scan_record_unpartitioned;
DROP INDEX scan_record_company_time_cover_idx;
DROP INDEX scan_record_code_idx;
ALTER TABLE scan_record_unpartitioned DROP CONSTRAINT scan_record_pkey;

CREATE TABLE scan_record (
  id           bigint NOT NULL DEFAULT nextval('scan_record_id_seq'),
  company_id   uuid,
  code_id      bigint,
  code_text    text NOT NULL,
  product_id   uuid,
  batch_id     uuid,
  source       text NOT NULL DEFAULT 'CHECK' CHECK (source IN ('CHECK', 'SCAN', 'TEST')),
  verdict      text CHECK (verdict IN ('GENUINE', 'REPEATED', 'NOT_FOUND', 'NOT_ACTIVATED', 'VOIDED', 'SECURITY_CODE_MISMATCH')),
  scan_seq     integer,
  suspicious   boolean NOT NULL DEFAULT false,
  ip           text NOT NULL DEFAULT '',
  country      text NOT NULL DEFAULT '',
  province     text NOT NULL DEFAULT '',
  city         text NOT NULL DEFAULT '',
  isp          text NOT NULL DEFAULT '',
  area_code    text NOT NULL DEFAULT '',
  client_type  text NOT NULL DEFAULT 'OTHER',
  os           text NOT NULL DEFAULT '',
  user_agent   text NOT NULL DEFAULT '',
  latitude     double precision,
  longitude    double precision,
  scanned_at   timestamptz NOT NULL DEFAULT now(),
  attach_token text,
  PRIMARY KEY (id, scanned_at)
) PARTITION BY RANGE (scanned_at);
-- The sequence now belongs to the new table, so dropping the old one keeps it.
ALTER SEQUENCE scan_record_id_seq OWNED BY scan_record.id;

CREATE TABLE scan_record_default PARTITION OF scan_record DEFAULT;

DO $$
DECLARE
  month timestamp;
BEGIN
  FOR month IN
    SELECT generate_series(
      date_trunc('month', coalesce((SELECT min(scanned_at) FROM scan_record_unpartitioned), now()) AT TIME ZONE 'UTC'),
      date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months',
      interval '1 month')
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF scan_record FOR VALUES FROM (%L) TO (%L)',
      'scan_record_' || to_char(month, '"y"YYYY"m"MM'),
      (month AT TIME ZONE 'UTC'), ((month + interval '1 month') AT TIME ZONE 'UTC'));
  END LOOP;
END $$;

INSERT INTO scan_record (id, company_id, code_id, code_text, product_id, batch_id, source, verdict, scan_seq, suspicious,
                         ip, country, province, city, isp, area_code, client_type, os, user_agent, latitude, longitude,
                         scanned_at, attach_token)
SELECT id, company_id, code_id, code_text, product_id, batch_id, source, verdict, scan_seq, suspicious,
       ip, country, province, city, isp, area_code, client_type, os, user_agent, latitude, longitude,
       scanned_at, attach_token
FROM scan_record_unpartitioned;
DROP TABLE scan_record_unpartitioned;

-- The same indexes as before, declared once on the parent: each partition gets its own.
CREATE INDEX scan_record_company_time_cover_idx ON scan_record (company_id, scanned_at) INCLUDE (code_id, source);
CREATE INDEX scan_record_code_idx ON scan_record (code_id, scanned_at) WHERE code_id IS NOT NULL;
