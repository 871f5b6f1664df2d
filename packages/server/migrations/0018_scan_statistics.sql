-- Scan statistics: rollups of scan_record up to a watermark id (see docs/architecture.md "Statistics").
--
-- The scan path is left alone: no trigger, no counter row it would have to update, no lock. A rollup step
-- (run by the server every STATS_ROLLUP_SECONDS) first makes sure no transaction that could still commit a
-- scan record with an id at or below the new watermark is running (it waits for the transactions that held
-- ROW EXCLUSIVE on scan_record when the largest visible id was read), then adds the rows between the old
-- and the new watermark to the rollups and moves the watermark, in one transaction. A statistics call reads the
-- watermark, the rollups and the raw rows above the watermark in one REPEATABLE READ snapshot, so its
-- answer is exact whatever the rollup step is doing. Scan records are append-only: nothing updates or
-- deletes them, so a row once rolled up stays counted correctly.

CREATE TABLE scan_stat_state (
  -- a single row
  id            boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- every scan record with id <= rolled_up_to is counted in the rollups (and no other)
  rolled_up_to  bigint NOT NULL DEFAULT 0,
  -- the business time zone the rollups' days were cut in; another zone makes them unusable until rebuilt
  time_zone     text NOT NULL DEFAULT '',
  updated_at    timestamptz NOT NULL DEFAULT now()
);
INSERT INTO scan_stat_state DEFAULT VALUES;

-- Counted scans (source CHECK or SCAN, known company) per company, business day and one dimension:
-- TOTAL (key ''), AREA (the province's area code, '' unknown), CLIENT (client type), PRODUCT (product id,
-- '' none). About (1 + 34 + 8 + products) rows per company and day, whatever the number of scans.
CREATE TABLE scan_stat_day (
  company_id  uuid NOT NULL,
  dim         text NOT NULL CHECK (dim IN ('TOTAL', 'AREA', 'CLIENT', 'PRODUCT')),
  day         date NOT NULL,
  key         text NOT NULL,
  scans       bigint NOT NULL,
  suspicious  bigint NOT NULL,
  PRIMARY KEY (company_id, dim, day, key)
);

-- Counted scans per code over all time: the upper bound the code ranking walks down (see statistics
-- module, codeRanking.ts).
CREATE TABLE scan_stat_code (
  company_id  uuid NOT NULL,
  code_id     bigint NOT NULL,
  scans       bigint NOT NULL,
  PRIMARY KEY (company_id, code_id)
);
CREATE INDEX scan_stat_code_rank_idx ON scan_stat_code (company_id, scans DESC, code_id);

-- The company's scans in a time range, answered from the index alone: the scan-record list and its
-- totals, and the code ranking of a short range (which groups its raw rows by code). It replaces 0015's
-- (company_id, scanned_at) index with the same key plus two carried columns, so a scan still updates as
-- many indexes as before.
CREATE INDEX scan_record_company_time_cover_idx ON scan_record (company_id, scanned_at) INCLUDE (code_id, source);
DROP INDEX scan_record_company_time_idx;
