-- Requests that create something (a code generation job) may carry an Idempotency-Key header. The first
-- request with a key stores it here in the same transaction as what it creates; the primary key makes a
-- concurrent second request with that key wait for the first and then find its row, so one key never creates
-- two things. `fingerprint` is a hash of the route and the checked body: the same key with another body is
-- refused. Keys are kept 24 hours per company, then deleted (idempotency_key_created_idx serves the sweep).
CREATE TABLE idempotency_key (
  company_id uuid NOT NULL REFERENCES company (id) ON DELETE CASCADE,
  key text NOT NULL,
  fingerprint text NOT NULL,
  resource_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, key)
);
CREATE INDEX idempotency_key_created_idx ON idempotency_key (created_at);
