-- Products: category tree, templates with their attributes, products with attribute values, batches.
-- Every row belongs to a company; templates' attributes and products' values through their parent row.

CREATE TABLE product_category (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES company (id),
  -- a parent of another company is refused by the service before it gets here
  parent_id  uuid REFERENCES product_category (id),
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  sort       integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 9999),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- sibling names differ; top-level categories (no parent) count as siblings of each other
CREATE UNIQUE INDEX product_category_sibling_name_uq
  ON product_category (company_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), name);
CREATE INDEX product_category_parent_idx ON product_category (parent_id);

CREATE TABLE product_template (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES company (id),
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  remark     text NOT NULL DEFAULT '',
  status     text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  created_by uuid REFERENCES app_user (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, name)
);

CREATE TABLE template_attribute (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  template_id  uuid NOT NULL REFERENCES product_template (id) ON DELETE CASCADE,
  attr_key     text NOT NULL CHECK (attr_key ~ '^[a-zA-Z][a-zA-Z0-9_]{0,31}$'),
  label        text NOT NULL CHECK (length(label) BETWEEN 1 AND 50),
  label_en     text NOT NULL DEFAULT '',
  type         text NOT NULL CHECK (type IN ('TEXT', 'NUMBER', 'DATE', 'IMAGE', 'RICH_TEXT')),
  required     boolean NOT NULL DEFAULT false,
  sort         integer NOT NULL DEFAULT 0,
  show_on_scan boolean NOT NULL DEFAULT false,
  UNIQUE (template_id, attr_key)
);

CREATE TABLE product (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id  uuid NOT NULL REFERENCES company (id),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  category_id uuid REFERENCES product_category (id),
  template_id uuid REFERENCES product_template (id),
  -- GTIN-8/12/13/14 as the user typed it; its GS1 check digit is verified by the service
  gtin        text CHECK (gtin ~ '^([0-9]{8}|[0-9]{12,14})$'),
  spec        text NOT NULL DEFAULT '',
  unit        text NOT NULL DEFAULT '',
  brand       text NOT NULL DEFAULT '',
  -- stored_file ids of the same company, in display order
  images      jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- plain text (never HTML): shown as text wherever it appears
  description text NOT NULL DEFAULT '',
  status      text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  -- incremented by every edit; an edit may name the version it started from
  version     integer NOT NULL DEFAULT 1,
  created_by  uuid REFERENCES app_user (id),
  updated_by  uuid REFERENCES app_user (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- one product per GTIN in a company; GTIN-8/12/13 compare in their 14-digit form (0012345678905 = 012345678905)
CREATE UNIQUE INDEX product_company_gtin_uq ON product (company_id, lpad(gtin, 14, '0')) WHERE gtin IS NOT NULL;
CREATE INDEX product_company_time_idx ON product (company_id, created_at DESC);
CREATE INDEX product_category_idx ON product (category_id) WHERE category_id IS NOT NULL;
CREATE INDEX product_template_idx ON product (template_id) WHERE template_id IS NOT NULL;

CREATE TABLE product_attr_value (
  product_id uuid NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  attr_key   text NOT NULL,
  value      text NOT NULL,
  PRIMARY KEY (product_id, attr_key)
);

CREATE TABLE product_batch (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id         uuid NOT NULL REFERENCES company (id),
  product_id         uuid NOT NULL REFERENCES product (id),
  -- GS1 AI 10: 1 to 20 characters of GS1 character set 82
  batch_no           text NOT NULL CHECK (batch_no ~ '^[!"%&''()*+,./0-9:;<=>?A-Z_a-z-]{1,20}$'),
  production_date    date,
  expiry_date        date,
  quantity           integer NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  -- the grower; the growers' table comes later, so no foreign key yet
  farmer_id          uuid,
  origin             text NOT NULL DEFAULT '',
  harvest_date       date,
  -- [{ kind, date, operator, material, images: [fileId] }]
  farming_records    jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- [{ name, fileId, date }]
  inspection_reports jsonb NOT NULL DEFAULT '[]'::jsonb,
  remark             text NOT NULL DEFAULT '',
  created_by         uuid REFERENCES app_user (id),
  updated_by         uuid REFERENCES app_user (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, batch_no),
  CHECK (expiry_date IS NULL OR production_date IS NULL OR expiry_date >= production_date)
);
CREATE INDEX product_batch_company_time_idx ON product_batch (company_id, created_at DESC);

-- Codes and generation jobs point at products and batches (their columns came with 0007). The indexes
-- serve the "still referenced?" checks that guard deletes, and the batch's code export.
ALTER TABLE code ADD CONSTRAINT code_product_fk FOREIGN KEY (product_id) REFERENCES product (id);
ALTER TABLE code ADD CONSTRAINT code_batch_fk FOREIGN KEY (batch_id) REFERENCES product_batch (id);
ALTER TABLE code_record ADD CONSTRAINT code_record_product_fk FOREIGN KEY (product_id) REFERENCES product (id);
ALTER TABLE code_record ADD CONSTRAINT code_record_batch_fk FOREIGN KEY (batch_id) REFERENCES product_batch (id);
CREATE INDEX code_product_idx ON code (product_id) WHERE product_id IS NOT NULL;
CREATE INDEX code_batch_idx ON code (batch_id, id) WHERE batch_id IS NOT NULL;
CREATE INDEX code_record_product_idx ON code_record (product_id) WHERE product_id IS NOT NULL;
CREATE INDEX code_record_batch_idx ON code_record (batch_id) WHERE batch_id IS NOT NULL;
