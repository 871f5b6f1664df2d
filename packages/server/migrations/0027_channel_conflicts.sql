-- Channel conflicts (窜货): a consumer check of an item shipped to a dealer, made outside that dealer's sales
-- area. Written by the check statement itself, only when it happens, so the busiest statement pays two key
-- lookups (code_shipment, dealer) and nothing more for the usual scan. The consumer's verdict is unaffected
-- (the product is genuine); the company sees the alert. The dealer's area is kept as it was at the scan.
-- No foreign keys: the check writes the row from rows it has just read, and a key check per alert would
-- be paid on the hot path.
CREATE TABLE channel_conflict (
  id                bigserial PRIMARY KEY,
  company_id        uuid NOT NULL,
  scan_record_id    bigint NOT NULL,
  scanned_at        timestamptz NOT NULL,
  code_id           bigint NOT NULL,
  product_id        uuid,
  batch_id          uuid,
  dealer_id         uuid NOT NULL,
  shipment_id       uuid NOT NULL,
  dealer_area_codes text[] NOT NULL,
  -- where the scan was: the province's area code, the city's when known, and their names as the IP database gave them
  scan_area_code    text NOT NULL,
  scan_city_code    text NOT NULL DEFAULT '',
  province          text NOT NULL DEFAULT '',
  city              text NOT NULL DEFAULT '',
  ip                text NOT NULL DEFAULT ''
);
CREATE INDEX channel_conflict_company_idx ON channel_conflict (company_id, scanned_at DESC, id DESC);
CREATE INDEX channel_conflict_dealer_idx ON channel_conflict (dealer_id, scanned_at DESC);
