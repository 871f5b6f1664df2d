-- Company info reported by a company and audited by the platform (DRAFT -> SUBMITTED -> APPROVED | REJECTED).
-- One working copy per company; the last approved copy is kept apart as a snapshot, so public scan pages
-- never show text that has not passed audit, and editing an approved report starts a new draft revision.
CREATE TABLE company_info (
  company_id       uuid PRIMARY KEY REFERENCES company (id),
  status           text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED')),
  -- raised each time an approved report is edited into a new draft
  revision         integer NOT NULL DEFAULT 1,
  full_name        text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 100),
  simple_name      text NOT NULL DEFAULT '',
  -- unified social credit code: 18 characters with its check character (verified by the service)
  license_number   text NOT NULL CHECK (license_number ~ '^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$'),
  legal_person     text NOT NULL DEFAULT '',
  register_address text NOT NULL DEFAULT '',
  business_term    text NOT NULL DEFAULT '',
  business_scope   text NOT NULL DEFAULT '',
  contact_name     text NOT NULL DEFAULT '',
  contact_phone    text NOT NULL DEFAULT '',
  address          text NOT NULL DEFAULT '',
  website          text NOT NULL DEFAULT '',
  -- plain text, shown as text on the scan page
  introduction     text NOT NULL DEFAULT '',
  -- stored_file ids of the same company
  logo_file_id     uuid REFERENCES stored_file (id),
  license_file_id  uuid REFERENCES stored_file (id),
  reject_reason    text NOT NULL DEFAULT '',
  submitted_at     timestamptz,
  submitted_by     uuid REFERENCES app_user (id),
  audited_at       timestamptz,
  audited_by       uuid REFERENCES app_user (id),
  -- the last approved copy (same keys as the contract's CompanyInfoFields), shown by the public pages
  approved         jsonb,
  approved_at      timestamptz,
  approved_revision integer,
  created_by       uuid REFERENCES app_user (id),
  updated_by       uuid REFERENCES app_user (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_info_status_idx ON company_info (status, updated_at DESC);

-- Every transition: from (null for the first report), to, who, when, comment (the reject reason).
CREATE TABLE company_info_audit (
  id          bigserial PRIMARY KEY,
  company_id  uuid NOT NULL REFERENCES company (id),
  revision    integer NOT NULL,
  action      text NOT NULL CHECK (action IN ('REPORT', 'EDIT', 'SUBMIT', 'UNSUBMIT', 'PASS', 'REJECT')),
  from_status text CHECK (from_status IN ('DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED')),
  to_status   text NOT NULL CHECK (to_status IN ('DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED')),
  actor_id    uuid REFERENCES app_user (id),
  comment     text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_info_audit_company_idx ON company_info_audit (company_id, id);
