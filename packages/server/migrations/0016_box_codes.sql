-- Aggregation (box codes) and code binding to a product batch.

-- Which box an item is in now: one row per packed item. The primary key on the item is what makes "an item
-- is in at most one box at a time" hold under concurrency: of two transactions packing one item into two
-- boxes, the second INSERT waits for the first and then finds the key taken (ON CONFLICT), so exactly one
-- wins whatever the isolation level. Item and box are codes of the same company (checked on bind).
CREATE TABLE box_item (
  item_code_id bigint PRIMARY KEY REFERENCES code (id),
  box_code_id  bigint NOT NULL REFERENCES code (id),
  company_id   uuid NOT NULL REFERENCES company (id),
  packed_by    uuid REFERENCES app_user (id),
  packed_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (item_code_id <> box_code_id)
);
-- a box's contents, in packing order
CREATE INDEX box_item_box_idx ON box_item (box_code_id, packed_at, item_code_id);

-- The history of packing, as EPCIS AggregationEvents: PACK is action ADD (item into box), UNPACK is DELETE,
-- MOVE is a DELETE from from_box_code_id and an ADD into box_code_id done at once. Never updated.
CREATE TABLE box_event (
  id               bigserial PRIMARY KEY,
  company_id       uuid NOT NULL REFERENCES company (id),
  action           text NOT NULL CHECK (action IN ('PACK', 'UNPACK', 'MOVE')),
  box_code_id      bigint NOT NULL REFERENCES code (id),
  item_code_id     bigint NOT NULL REFERENCES code (id),
  from_box_code_id bigint REFERENCES code (id),
  user_id          uuid REFERENCES app_user (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((action = 'MOVE') = (from_box_code_id IS NOT NULL))
);
CREATE INDEX box_event_box_idx ON box_event (box_code_id, id);
CREATE INDEX box_event_item_idx ON box_event (item_code_id, id);
-- a box's history also shows the items moved out of it
CREATE INDEX box_event_from_idx ON box_event (from_box_code_id, id) WHERE from_box_code_id IS NOT NULL;

-- The last binding of a code to a product batch at production (/codeBindingProduce), kept apart from the
-- bulk-written `code` table. It remembers what the code was before, so the worker who bound it can undo a
-- mistaken scan for a few minutes (until a consumer scan has counted the code). The foreign key to the
-- batch means a batch with bound codes cannot be deleted; binding also locks the batch row first (see 0012).
CREATE TABLE code_binding (
  code_id          bigint PRIMARY KEY REFERENCES code (id),
  company_id       uuid NOT NULL REFERENCES company (id),
  product_id       uuid NOT NULL REFERENCES product (id),
  batch_id         uuid NOT NULL REFERENCES product_batch (id),
  bound_by         uuid REFERENCES app_user (id),
  bound_at         timestamptz NOT NULL DEFAULT now(),
  prior_status     text NOT NULL CHECK (prior_status IN ('NOT_ACTIVATED', 'ACTIVATED')),
  prior_product_id uuid,
  prior_batch_id   uuid,
  prior_activated_at timestamptz
);
CREATE INDEX code_binding_batch_idx ON code_binding (batch_id);
CREATE INDEX code_binding_user_idx ON code_binding (bound_by, bound_at DESC);
