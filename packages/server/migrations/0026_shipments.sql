-- Shipping and receiving by scan (出库 / 入库). An order is filled while OPEN by scanning item and box
-- codes (a box brings every item inside it, nested boxes included), then COMPLETED (the goods left) or
-- CANCELLED; an outbound order the dealer has confirmed is RECEIVED. A RETURN order brings codes back from
-- a dealer. Orders and their lines are kept; what a code's state is now lives in code_shipment.
CREATE TABLE shipment (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id    uuid NOT NULL REFERENCES company (id),
  order_no      text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('OUTBOUND', 'RETURN')),
  dealer_id     uuid NOT NULL REFERENCES dealer (id),
  status        text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'COMPLETED', 'RECEIVED', 'CANCELLED')),
  item_count    integer NOT NULL DEFAULT 0,
  box_count     integer NOT NULL DEFAULT 0,
  remark        text NOT NULL DEFAULT '',
  created_by    uuid NOT NULL REFERENCES app_user (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  completed_by  uuid REFERENCES app_user (id),
  completed_at  timestamptz,
  received_by   uuid REFERENCES app_user (id),
  received_at   timestamptz,
  cancelled_by  uuid REFERENCES app_user (id),
  cancelled_at  timestamptz,
  CHECK (kind = 'OUTBOUND' OR status <> 'RECEIVED')
);
CREATE UNIQUE INDEX shipment_company_no_uq ON shipment (company_id, order_no);
CREATE INDEX shipment_company_created_idx ON shipment (company_id, created_at DESC);
CREATE INDEX shipment_dealer_idx ON shipment (dealer_id, created_at DESC);

-- The codes of an order: items (counted) and the boxes scanned to bring them (kept for the events and the
-- screen). While the order is open the primary key of open_line keeps one code in one open order.
CREATE TABLE shipment_line (
  shipment_id  uuid NOT NULL REFERENCES shipment (id),
  code_id      bigint NOT NULL REFERENCES code (id),
  is_box       boolean NOT NULL,
  -- the scanned box an item came in with, null when the item was scanned itself
  via_box_id   bigint REFERENCES code (id),
  added_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shipment_id, code_id)
);
CREATE INDEX shipment_line_code_idx ON shipment_line (code_id);

-- Which open order holds a code now; a line leaves it when its order completes or is cancelled.
CREATE TABLE open_line (
  code_id      bigint PRIMARY KEY REFERENCES code (id),
  shipment_id  uuid NOT NULL REFERENCES shipment (id)
);
CREATE INDEX open_line_shipment_idx ON open_line (shipment_id);

-- Where a shipped item is now: at most one dealer at a time (the primary key), until it comes back with a
-- return. The consumer's check reads this to compare the scan's place with the dealer's sales area.
CREATE TABLE code_shipment (
  code_id      bigint PRIMARY KEY REFERENCES code (id),
  company_id   uuid NOT NULL REFERENCES company (id),
  dealer_id    uuid NOT NULL REFERENCES dealer (id),
  shipment_id  uuid NOT NULL REFERENCES shipment (id),
  shipped_at   timestamptz NOT NULL
);
CREATE INDEX code_shipment_dealer_idx ON code_shipment (dealer_id);
