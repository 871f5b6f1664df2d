-- Public verification: a counter per scanned code and one scan record per check or scan.

-- One row per code that has been checked at least once. Kept apart from `code` (bulk-written, millions of
-- rows) so counting touches a small row; the first check inserts it, later ones update it, atomically
-- (INSERT ... ON CONFLICT DO UPDATE ... RETURNING), so two simultaneous first checks get counts 1 and 2.
CREATE TABLE code_scan (
  code_id             bigint PRIMARY KEY,
  company_id          uuid NOT NULL REFERENCES company (id),
  scan_count          integer NOT NULL DEFAULT 0,
  first_scan_at       timestamptz NOT NULL DEFAULT now(),
  first_province      text NOT NULL DEFAULT '',
  first_city          text NOT NULL DEFAULT '',
  last_scan_at        timestamptz NOT NULL DEFAULT now(),
  last_province       text NOT NULL DEFAULT '',
  -- distinct provinces seen within the suspicious window, for the "several provinces in a short time" flag
  recent_provinces    text[] NOT NULL DEFAULT '{}',
  suspicious          boolean NOT NULL DEFAULT false
);

CREATE TABLE scan_record (
  id           bigserial PRIMARY KEY,
  -- null when the code is unknown
  company_id   uuid,
  code_id      bigint,
  -- the code as scanned (cut to 128 characters); unknown codes are kept as their raw text
  code_text    text NOT NULL,
  product_id   uuid,
  batch_id     uuid,
  -- CHECK: securityCode/check by a consumer; SCAN: scanCodeRecord/add; TEST: the staff simulator (not counted)
  source       text NOT NULL DEFAULT 'CHECK' CHECK (source IN ('CHECK', 'SCAN', 'TEST')),
  verdict      text CHECK (verdict IN ('GENUINE', 'REPEATED', 'NOT_FOUND', 'NOT_ACTIVATED', 'VOIDED', 'SECURITY_CODE_MISMATCH')),
  -- the code's scan count after this check (1 for the first); null when nothing was counted
  scan_seq     integer,
  suspicious   boolean NOT NULL DEFAULT false,
  ip           text NOT NULL DEFAULT '',
  country      text NOT NULL DEFAULT '',
  province     text NOT NULL DEFAULT '',
  city         text NOT NULL DEFAULT '',
  isp          text NOT NULL DEFAULT '',
  -- 6-digit administrative code of the province (440000); statistics key on it, names differ between sources
  area_code    text NOT NULL DEFAULT '',
  -- WXWORK, WECHAT, DINGTALK, ALIPAY, QQ, QQ_BROWSER, BROWSER, OTHER (DOMAIN.md order)
  client_type  text NOT NULL DEFAULT 'OTHER',
  os           text NOT NULL DEFAULT '',
  user_agent   text NOT NULL DEFAULT '',
  latitude     double precision,
  longitude    double precision,
  scanned_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scan_record_company_time_idx ON scan_record (company_id, scanned_at);
CREATE INDEX scan_record_code_idx ON scan_record (code_id, scanned_at) WHERE code_id IS NOT NULL;
