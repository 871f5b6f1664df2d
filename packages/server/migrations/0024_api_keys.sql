-- Company API keys for machine clients (the EPCIS interface). The key itself is shown once and never
-- stored: only its SHA-256 (a random 192-bit secret needs no slow hash) and its first characters, which
-- let people tell keys apart on the screen. A key carries the permissions chosen for it, not its maker's.
CREATE TABLE api_key (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id   uuid NOT NULL REFERENCES company (id),
  name         text NOT NULL,
  key_prefix   text NOT NULL,
  key_hash     bytea NOT NULL,
  permissions  text[] NOT NULL,
  created_by   uuid NOT NULL REFERENCES app_user (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- the end of the key's last day; null: until revoked
  expires_at   timestamptz,
  revoked_at   timestamptz,
  revoked_by   uuid REFERENCES app_user (id),
  last_used_at timestamptz
);
CREATE UNIQUE INDEX api_key_hash_uq ON api_key (key_hash);
CREATE INDEX api_key_company_idx ON api_key (company_id, created_at DESC);

ALTER TABLE epcis_capture ADD CONSTRAINT epcis_capture_api_key_fk FOREIGN KEY (api_key_id) REFERENCES api_key (id);
