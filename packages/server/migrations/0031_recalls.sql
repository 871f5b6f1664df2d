-- Recalls (召回): a company calls back what it made — batches, one outbound order, a range of a sequential
-- (box) rule, or a list of codes. A recall is a DRAFT while its selection is resolved into recall_code rows
-- by a background job; activating it is a state flip, so every consumer check on every instance sees it at
-- once; closing ends it with a summary and the disposition of what is left. Nothing is deleted.
CREATE TABLE recall (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id        uuid NOT NULL REFERENCES company (id),
  -- ZH + business date + daily sequence, like shipment order numbers
  recall_no         text NOT NULL,
  state             text NOT NULL DEFAULT 'DRAFT' CHECK (state IN ('DRAFT', 'ACTIVE', 'CLOSED')),
  -- 1 = 一级 / class I (most serious) … 3 = 三级 / class III
  level             smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  reason            text NOT NULL,
  -- what consumers are to do with the item, where to return it
  instruction       text NOT NULL,
  contact           text NOT NULL,
  -- when the recall took effect (its activation); null while a draft, or for a draft closed unused
  started_at        timestamptz,
  -- the selection as the company made it (one kind per recall)
  selection_kind    text NOT NULL CHECK (selection_kind IN ('BATCH', 'SHIPMENT', 'RANGE', 'LIST')),
  batch_ids         uuid[] NOT NULL DEFAULT '{}',
  shipment_id       uuid REFERENCES shipment (id),
  rule_id           uuid REFERENCES tag_rule (id),
  serial_from       bigint,
  serial_to         bigint,
  range_from_code   text NOT NULL DEFAULT '',
  range_to_code     text NOT NULL DEFAULT '',
  -- codes the selection resolved into so far, and when the resolution ended (null: under way)
  code_count        integer NOT NULL DEFAULT 0,
  resolved_at       timestamptz,
  close_disposition text CHECK (close_disposition IN ('destroyed', 'active', 'non_sellable_other')),
  close_summary     text NOT NULL DEFAULT '',
  created_by        uuid NOT NULL REFERENCES app_user (id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        uuid REFERENCES app_user (id),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  activated_by      uuid REFERENCES app_user (id),
  closed_by         uuid REFERENCES app_user (id),
  closed_at         timestamptz,
  CHECK (state <> 'ACTIVE' OR started_at IS NOT NULL),
  CHECK ((state = 'CLOSED') = (closed_at IS NOT NULL)),
  CHECK (selection_kind <> 'SHIPMENT' OR shipment_id IS NOT NULL),
  CHECK (selection_kind <> 'RANGE' OR (rule_id IS NOT NULL AND serial_from IS NOT NULL AND serial_to >= serial_from))
);
CREATE UNIQUE INDEX recall_company_no_uq ON recall (company_id, recall_no);
CREATE INDEX recall_company_created_idx ON recall (company_id, created_at DESC);

-- The codes a recall covers (items, and the boxes a selection named). The consumer check reads
--   SELECT rc.recall_id FROM recall_code rc JOIN recall r ON r.id = rc.recall_id AND r.state = 'ACTIVE'
--    WHERE rc.code_id = $1 LIMIT 1
-- through recall_code_code_idx. Written only by the resolution job, from codes it read in the recall's
-- company; no foreign keys, whose per-row checks would slow a million-row resolution (as for code, 0009).
CREATE TABLE recall_code (
  recall_id   uuid NOT NULL,
  code_id     bigint NOT NULL,
  company_id  uuid NOT NULL,
  PRIMARY KEY (recall_id, code_id)
);
CREATE INDEX recall_code_code_idx ON recall_code (code_id);

-- The codes of a LIST selection as they were uploaded (checked to be the company's), resolved like the
-- other selections: a listed box brings what is packed in it.
CREATE TABLE recall_listed_code (
  recall_id   uuid NOT NULL REFERENCES recall (id),
  code_id     bigint NOT NULL,
  PRIMARY KEY (recall_id, code_id)
);

-- Background work of recalls (platform/jobs): RESOLVE clears and gathers recall_code; RECALLED writes the
-- EPCIS events of activation (disposition recalled); CLOSED those of closing (the chosen disposition).
-- Each step is one transaction that advances `cursor` under the job row's lock, so a crash resumes there.
CREATE TABLE recall_job (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id   uuid NOT NULL REFERENCES company (id),
  recall_id    uuid NOT NULL REFERENCES recall (id),
  kind         text NOT NULL CHECK (kind IN ('RESOLVE', 'RECALLED', 'CLOSED')),
  status       text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED')),
  -- RESOLVE: CLEAR (a changed draft's old rows go first), then GATHER; `part` is the batch being read
  phase        text NOT NULL DEFAULT 'CLEAR' CHECK (phase IN ('CLEAR', 'GATHER')),
  part         integer NOT NULL DEFAULT 0,
  -- the last code id (or serial, for a range) done
  cursor       bigint NOT NULL DEFAULT 0,
  progress     integer NOT NULL DEFAULT 0,
  disposition  text,
  error        text NOT NULL DEFAULT '',
  created_by   uuid REFERENCES app_user (id),
  worker_id    text,
  heartbeat_at timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  started_at   timestamptz,
  finished_at  timestamptz,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recall_job_claim_idx ON recall_job (status, heartbeat_at) WHERE status IN ('QUEUED', 'RUNNING');
CREATE INDEX recall_job_recall_idx ON recall_job (recall_id, created_at DESC);

-- The recall a consumer's scan was of, written by the check (null when the item was not under an active
-- recall). Adding a column without a default changes only the catalogue, however many partitions.
ALTER TABLE scan_record ADD COLUMN recall_id uuid;
