-- Growers (瓜农) of a company and the products they grow. Batches name their grower.
CREATE TABLE farmer (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id     uuid NOT NULL REFERENCES company (id),
  name           text NOT NULL CHECK (length(name) BETWEEN 1 AND 30),
  phone          text NOT NULL DEFAULT '',
  -- resident ID card (15 or 18 characters); masked in lists, shown whole only in the detail to the company
  id_card        text NOT NULL DEFAULT '',
  -- administrative division code (6 digits) and its name as chosen
  region_code    text NOT NULL DEFAULT '',
  region_name    text NOT NULL DEFAULT '',
  address        text NOT NULL DEFAULT '',
  planting_base  text NOT NULL DEFAULT '',
  -- planting area in mu, up to two decimals
  planting_area  numeric(12, 2) CHECK (planting_area IS NULL OR planting_area >= 0),
  varieties      text NOT NULL DEFAULT '',
  certifications text NOT NULL DEFAULT '',
  photo_file_id  uuid REFERENCES stored_file (id),
  remark         text NOT NULL DEFAULT '',
  status         text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  created_by     uuid REFERENCES app_user (id),
  updated_by     uuid REFERENCES app_user (id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX farmer_company_time_idx ON farmer (company_id, created_at DESC);
-- one grower per ID card in a company
CREATE UNIQUE INDEX farmer_company_id_card_uq ON farmer (company_id, id_card) WHERE id_card <> '';

CREATE TABLE farmer_product (
  farmer_id  uuid NOT NULL REFERENCES farmer (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES product (id),
  company_id uuid NOT NULL REFERENCES company (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (farmer_id, product_id)
);
CREATE INDEX farmer_product_product_idx ON farmer_product (product_id);

-- product_batch.farmer_id waited for this table (see 0008); rows naming a grower that never existed are cleared
UPDATE product_batch SET farmer_id = NULL WHERE farmer_id IS NOT NULL AND farmer_id NOT IN (SELECT id FROM farmer);
ALTER TABLE product_batch ADD CONSTRAINT product_batch_farmer_fk FOREIGN KEY (farmer_id) REFERENCES farmer (id);
CREATE INDEX product_batch_farmer_idx ON product_batch (farmer_id) WHERE farmer_id IS NOT NULL;
