-- Medicinal products (药品), their batches and the files attached to a batch (inspection reports).
-- Every row belongs to a company; batch files through their batch.

CREATE TABLE medicinal_product (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id            uuid NOT NULL REFERENCES company (id),
  generic_name          text NOT NULL CHECK (length(generic_name) BETWEEN 1 AND 100),
  trade_name            text NOT NULL DEFAULT '' CHECK (length(trade_name) <= 100),
  -- 国药准字 + H/Z/S/J/B/F + 8 digits (chemical, traditional Chinese, biological, imported repackaging,
  -- health food / auxiliary, pharmaceutical excipient)
  approval_no           text NOT NULL CHECK (approval_no ~ '^国药准字[HZSJBF][0-9]{8}$'),
  -- the 14-digit national drug standard code (本位码), when the product has one
  drug_standard_code    text NOT NULL DEFAULT '' CHECK (drug_standard_code ~ '^([0-9]{14})?$'),
  -- a dic_code of the dictionary type medicinal_dosage_form
  dosage_form           text NOT NULL CHECK (length(dosage_form) BETWEEN 1 AND 50),
  specification         text NOT NULL DEFAULT '' CHECK (length(specification) <= 100),
  package_specification text NOT NULL DEFAULT '' CHECK (length(package_specification) <= 100),
  manufacturer          text NOT NULL CHECK (length(manufacturer) BETWEEN 1 AND 100),
  storage               text NOT NULL DEFAULT '' CHECK (length(storage) <= 200),
  status                text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  created_by            uuid REFERENCES app_user (id),
  updated_by            uuid REFERENCES app_user (id),
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, approval_no)
);
CREATE INDEX medicinal_product_company_time_idx ON medicinal_product (company_id, created_at DESC);

-- Batches arrive by the hundred thousand through imports, and every foreign key is a trigger and a lookup per row
-- (the embedded database took twice as long with them). Like code (0012), a batch keeps only the key that guards a
-- delete: its product, which belongs to the company. company_id is copied from the product by the service;
-- created_by / updated_by are audit facts, as in the operation log.
CREATE TABLE medicinal_batch (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id      uuid NOT NULL,
  product_id      uuid NOT NULL REFERENCES medicinal_product (id),
  batch_no        text NOT NULL CHECK (batch_no ~ '^[!"%&''()*+,./0-9:;<=>?A-Z_a-z-]{1,20}$'),
  production_date date NOT NULL,
  expiry_date     date NOT NULL,
  quantity        integer NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  origin          text NOT NULL DEFAULT '' CHECK (length(origin) <= 100),
  remark          text NOT NULL DEFAULT '' CHECK (length(remark) <= 500),
  created_by      uuid,
  updated_by      uuid,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, batch_no),
  CHECK (expiry_date >= production_date)
);
CREATE INDEX medicinal_batch_company_time_idx ON medicinal_batch (company_id, created_at DESC, id);

CREATE TABLE medicinal_batch_file (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  batch_id   uuid NOT NULL REFERENCES medicinal_batch (id) ON DELETE CASCADE,
  -- a stored file of the batch's company; checked by the service
  file_id    uuid NOT NULL REFERENCES stored_file (id),
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  kind       text NOT NULL DEFAULT 'INSPECTION' CHECK (kind IN ('INSPECTION', 'CERTIFICATE', 'OTHER')),
  created_by uuid REFERENCES app_user (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX medicinal_batch_file_batch_idx ON medicinal_batch_file (batch_id, created_at);
