-- Putting a whole generation job's codes in force (a million at a time) as a background job: a step
-- activates the next range of the job's codes (in id order, after `cursor`) and writes their commissioning
-- events in the same transaction, so a crash resumes where the last step committed.
CREATE TABLE code_activation (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id   uuid NOT NULL REFERENCES company (id),
  record_id    uuid NOT NULL REFERENCES code_record (id),
  status       text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED')),
  -- codes of the job when it was asked for, and how many were put in force so far
  quantity     integer NOT NULL,
  progress     integer NOT NULL DEFAULT 0,
  cursor       bigint NOT NULL DEFAULT 0,
  error        text NOT NULL DEFAULT '',
  created_by   uuid REFERENCES app_user (id),
  worker_id    text,
  heartbeat_at timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  started_at   timestamptz,
  finished_at  timestamptz,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX code_activation_claim_idx ON code_activation (status, heartbeat_at) WHERE status IN ('QUEUED', 'RUNNING');
CREATE INDEX code_activation_record_idx ON code_activation (record_id, created_at DESC);
