-- Checks counted apart in statistics, per company and business day (dim TOTAL): counted checks of expired
-- items, counted checks of items under an active recall, and typing mistakes (CHECK_FAILED, which are not
-- scans of any code and so are not in `scans`). Rows rolled up before this migration had none of them.
ALTER TABLE scan_stat_day ADD COLUMN expired bigint NOT NULL DEFAULT 0;
ALTER TABLE scan_stat_day ADD COLUMN recalled bigint NOT NULL DEFAULT 0;
ALTER TABLE scan_stat_day ADD COLUMN check_failed bigint NOT NULL DEFAULT 0;
