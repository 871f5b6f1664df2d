-- Counted scans per code and business month, for an exact code ranking of a range within two months (see
-- docs/architecture.md "Statistics", codeRanking.ts). A row holds the code's scans of its month AND the
-- next one, so any range inside two calendar months is answered from one row per code: `scans` is the
-- row's total, the upper bound the ranking walks down through the rank index; `days` are the days with
-- scans (ascending) and `totals` the running count through each, so the range's exact count is two
-- lookups (width_bucket, a binary search). Each month is in two rows (its own and the previous month's).
-- Days are cut in the rollups' time zone, like scan_stat_day; filled below for what is already rolled up.
CREATE TABLE scan_stat_code_month (
  company_id  uuid NOT NULL,
  -- the first day of the row's first month
  month       date NOT NULL,
  code_id     bigint NOT NULL,
  scans       bigint NOT NULL,
  days        date[] NOT NULL,
  totals      bigint[] NOT NULL,
  PRIMARY KEY (company_id, month, code_id)
);
CREATE INDEX scan_stat_code_month_rank_idx ON scan_stat_code_month (company_id, month, scans DESC, code_id);
-- The same from the 16th of the first month on (the scans minus the running total through the 15th): a
-- tighter bound for a range that starts in the second half of a month, "the last 30 days" on most days.
CREATE INDEX scan_stat_code_month_late_rank_idx ON scan_stat_code_month
  (company_id, month, (scans - coalesce(totals[width_bucket(month + 14, days)], 0)) DESC, code_id);

INSERT INTO scan_stat_code_month (company_id, month, code_id, scans, days, totals)
SELECT s.company_id, s.month, s.code_id, sum(s.n), array_agg(s.day ORDER BY s.day), array_agg(s.running ORDER BY s.day)
FROM (
  SELECT c.company_id, m.month, c.code_id, c.day, c.n,
         sum(c.n) OVER (PARTITION BY c.company_id, m.month, c.code_id ORDER BY c.day) AS running
  FROM (
    SELECT r.company_id, r.code_id, (r.scanned_at AT TIME ZONE st.time_zone)::date AS day, count(*) AS n
    FROM scan_record r CROSS JOIN scan_stat_state st
    WHERE st.time_zone <> '' AND r.id <= st.rolled_up_to AND r.code_id IS NOT NULL AND r.company_id IS NOT NULL
      AND r.source <> 'TEST' AND r.verdict IS DISTINCT FROM 'CHECK_FAILED'
    GROUP BY 1, 2, 3
  ) c
  CROSS JOIN LATERAL (VALUES (date_trunc('month', c.day::timestamp)::date),
                             ((date_trunc('month', c.day::timestamp) - interval '1 month')::date)) m(month)
) s
GROUP BY s.company_id, s.month, s.code_id;
-- The ranking reads a month's rows in bound order through the rank index; without statistics on a table this
-- size the planner would sort the whole month instead.
ANALYZE scan_stat_code_month;
