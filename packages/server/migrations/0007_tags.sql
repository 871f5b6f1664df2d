-- Tag rules, code generation jobs and codes.

-- A secret per company for the hidden security codes: HMAC-SHA256(secret, code), never stored per code.
CREATE TABLE company_secret (
  company_id uuid PRIMARY KEY REFERENCES company (id),
  secret     bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tag_rule (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id       uuid NOT NULL REFERENCES company (id),
  rule_name        text NOT NULL,
  kind             text NOT NULL DEFAULT 'ITEM' CHECK (kind IN ('ITEM', 'BOX')),
  mode             text NOT NULL DEFAULT 'RANDOM' CHECK (mode IN ('RANDOM', 'SEQUENTIAL')),
  prefix           text NOT NULL DEFAULT '',
  body_length      integer NOT NULL CHECK (body_length BETWEEN 4 AND 32),
  alphabet         text NOT NULL CHECK (alphabet IN ('DIGITS', 'CROCKFORD32', 'NO_LOOKALIKE')),
  check_scheme     text NOT NULL DEFAULT 'NONE' CHECK (check_scheme IN ('NONE', 'LUHN', 'MOD37_36')),
  hidden_length    integer NOT NULL DEFAULT 0 CHECK (hidden_length = 0 OR hidden_length BETWEEN 4 AND 8),
  url_form         text NOT NULL DEFAULT 'SCAN' CHECK (url_form IN ('SCAN', 'GS1')),
  repeat_threshold integer NOT NULL DEFAULT 5 CHECK (repeat_threshold BETWEEN 1 AND 1000),
  -- The next serial of a sequential rule; jobs reserve ranges by moving it forward in their transaction.
  next_serial      bigint NOT NULL DEFAULT 1,
  status           text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  remark           text NOT NULL DEFAULT '',
  created_by       uuid REFERENCES app_user (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, rule_name)
);

-- A generation job (codeRecord).
CREATE TABLE code_record (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id     uuid NOT NULL REFERENCES company (id),
  rule_id        uuid NOT NULL REFERENCES tag_rule (id),
  quantity       integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000000),
  product_id     uuid,
  batch_id       uuid,
  status         text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED')),
  -- codes of this job already stored; advanced in the same transaction as the codes themselves
  progress       integer NOT NULL DEFAULT 0,
  error          text NOT NULL DEFAULT '',
  remark         text NOT NULL DEFAULT '',
  -- which worker holds the job and when it last said so; a silent worker's job is taken over
  worker_id      text,
  heartbeat_at   timestamptz,
  download_count integer NOT NULL DEFAULT 0,
  created_by     uuid REFERENCES app_user (id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  started_at     timestamptz,
  finished_at    timestamptz,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX code_record_company_time_idx ON code_record (company_id, created_at DESC);
CREATE INDEX code_record_claim_idx ON code_record (status, heartbeat_at) WHERE status IN ('QUEUED', 'RUNNING');

CREATE TABLE code (
  id           bigserial PRIMARY KEY,
  -- globally unique: a public scan finds the code, and through it the company
  code         text NOT NULL,
  company_id   uuid NOT NULL REFERENCES company (id),
  rule_id      uuid NOT NULL REFERENCES tag_rule (id),
  record_id    uuid NOT NULL REFERENCES code_record (id),
  serial       bigint,
  status       text NOT NULL DEFAULT 'NOT_ACTIVATED' CHECK (status IN ('NOT_ACTIVATED', 'ACTIVATED', 'VOIDED')),
  product_id   uuid,
  batch_id     uuid,
  activated_at timestamptz,
  voided_at    timestamptz,
  void_reason  text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX code_code_uq ON code (code);
-- downloads and job listings read a job's codes in insertion order
CREATE INDEX code_record_order_idx ON code (record_id, id);
CREATE INDEX code_company_status_idx ON code (company_id, status, id);
