-- Material types named by farming records (seed, fertiliser, pesticide, ...), the same for every company.
-- The code is hierarchical: two digits per level, so a child's code starts with its parent's
-- (02 fertilisers, 0202 chemical fertilisers, 020204 compound fertilisers). Built-in rows are inserted
-- at start when missing and never overwritten.
CREATE TABLE material_type (
  type_code    text PRIMARY KEY CHECK (type_code ~ '^([0-9]{2})+$'),
  parent_code  text REFERENCES material_type (type_code),
  type_name    text NOT NULL CHECK (length(type_name) BETWEEN 1 AND 50),
  type_name_en text NOT NULL DEFAULT '',
  sort         integer NOT NULL DEFAULT 0,
  status       text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- a child sits one level (two digits) below its parent, under the parent's code
  CHECK (
    (parent_code IS NULL AND length(type_code) = 2)
    OR (parent_code IS NOT NULL AND length(type_code) = length(parent_code) + 2 AND left(type_code, length(parent_code)) = parent_code)
  )
);
CREATE INDEX material_type_parent_idx ON material_type (parent_code, sort);


-- A grower–product link only describes the grower: deleting the product drops its links instead of being
-- refused because of them (batches and codes still keep a product from being deleted).
ALTER TABLE farmer_product DROP CONSTRAINT farmer_product_product_id_fkey;
ALTER TABLE farmer_product ADD CONSTRAINT farmer_product_product_id_fkey FOREIGN KEY (product_id) REFERENCES product (id) ON DELETE CASCADE;
