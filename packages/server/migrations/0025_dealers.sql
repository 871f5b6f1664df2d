-- Dealers (经销商): a company's distribution network, several levels deep. A dealer's sales area is a set
-- of provinces and prefecture-level cities by their GB/T 2260 codes (the codes the statistics map keys
-- on); a consumer scan of goods shipped to the dealer outside that area is a channel conflict (窜货).
CREATE TABLE dealer (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id  uuid NOT NULL REFERENCES company (id),
  code        text NOT NULL,
  name        text NOT NULL,
  contact     text NOT NULL DEFAULT '',
  phone       text NOT NULL DEFAULT '',
  -- 1 for a dealer the company supplies itself; a dealer of level n is supplied by one of level n - 1
  level       smallint NOT NULL CHECK (level BETWEEN 1 AND 5),
  parent_id   uuid REFERENCES dealer (id),
  area_codes  text[] NOT NULL,
  address     text NOT NULL DEFAULT '',
  remark      text NOT NULL DEFAULT '',
  -- the consumer's trace names the region goods went to, and the dealer too unless the company hides it
  name_public boolean NOT NULL DEFAULT true,
  status      text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  created_by  uuid REFERENCES app_user (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((level = 1) = (parent_id IS NULL))
);
CREATE UNIQUE INDEX dealer_company_code_uq ON dealer (company_id, code);
CREATE INDEX dealer_company_created_idx ON dealer (company_id, created_at DESC);
CREATE INDEX dealer_parent_idx ON dealer (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX dealer_area_idx ON dealer USING gin (area_codes);
