-- Administration: departments, user profile fields, direct user grants, dictionaries, operation log, files.

CREATE TABLE department (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- NULL: a department of the platform's own staff
  company_id  uuid REFERENCES company (id),
  parent_id   uuid REFERENCES department (id),
  -- ids of all ancestors from the root, comma-separated, for subtree queries without recursion
  ancestors   text NOT NULL DEFAULT '',
  dept_name   text NOT NULL,
  sort        integer NOT NULL DEFAULT 0,
  leader      text NOT NULL DEFAULT '',
  phone       text NOT NULL DEFAULT '',
  email       text NOT NULL DEFAULT '',
  status      text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX department_company_parent_idx ON department (company_id, parent_id, sort);
CREATE UNIQUE INDEX department_name_per_parent_uq
  ON department (coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid),
                 coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), dept_name);

ALTER TABLE app_user
  ADD COLUMN sex            text NOT NULL DEFAULT '0' CHECK (sex IN ('0', '1', '2')), -- unknown, male, female
  ADD COLUMN dept_id        uuid REFERENCES department (id),
  ADD COLUMN job_title      text NOT NULL DEFAULT '',
  ADD COLUMN email          text NOT NULL DEFAULT '',
  ADD COLUMN phone          text NOT NULL DEFAULT '',
  ADD COLUMN birthdate      date,
  ADD COLUMN contract_start date,
  ADD COLUMN contract_end   date,
  ADD COLUMN remark         text NOT NULL DEFAULT '',
  ADD COLUMN created_by     uuid REFERENCES app_user (id),
  ADD COLUMN updated_by     uuid REFERENCES app_user (id);
CREATE INDEX app_user_dept_idx ON app_user (dept_id);

-- Menu and button elements granted to one user directly, on top of their roles (userpermission).
CREATE TABLE user_menu (
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  menu_id uuid NOT NULL REFERENCES menu (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, menu_id)
);
CREATE INDEX user_menu_menu_idx ON user_menu (menu_id);

-- Dictionaries are kept by the platform and read by every company.
CREATE TABLE dict_type (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type_code    text NOT NULL UNIQUE,
  type_name    text NOT NULL,
  type_name_en text NOT NULL DEFAULT '',
  sort         integer NOT NULL DEFAULT 0,
  status       text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  remark       text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE dict_item (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type_code   text NOT NULL REFERENCES dict_type (type_code) ON UPDATE CASCADE ON DELETE CASCADE,
  dic_code    text NOT NULL, -- the value
  dic_name    text NOT NULL, -- the label (Chinese)
  dic_name_en text NOT NULL DEFAULT '',
  sort        integer NOT NULL DEFAULT 0,
  status      text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  is_default  boolean NOT NULL DEFAULT false,
  tag_color   text NOT NULL DEFAULT '',
  remark      text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (type_code, dic_code)
);
CREATE INDEX dict_item_type_sort_idx ON dict_item (type_code, sort);

-- Every change and every sign-in, written by the route layer.
CREATE TABLE operation_log (
  id          bigserial PRIMARY KEY,
  user_id     uuid REFERENCES app_user (id) ON DELETE SET NULL,
  username    text NOT NULL DEFAULT '',
  company_id  uuid REFERENCES company (id),
  module      text NOT NULL,
  action      text NOT NULL,
  target      text NOT NULL DEFAULT '',
  method      text NOT NULL,
  url         text NOT NULL,
  ip          text NOT NULL DEFAULT '',
  user_agent  text NOT NULL DEFAULT '',
  params      text NOT NULL DEFAULT '',
  result      text NOT NULL CHECK (result IN ('SUCCESS', 'FAILURE')),
  error_code  text NOT NULL DEFAULT '',
  duration_ms integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operation_log_company_time_idx ON operation_log (company_id, created_at DESC);
CREATE INDEX operation_log_time_idx ON operation_log (created_at DESC);

-- Uploaded files: the bytes are stored once by SHA-256 behind the storage interface; each upload is a row.
CREATE TABLE stored_file (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id    uuid REFERENCES company (id),
  owner_id      uuid REFERENCES app_user (id) ON DELETE SET NULL,
  sha256        text NOT NULL,
  size_bytes    bigint NOT NULL,
  content_type  text NOT NULL,
  extension     text NOT NULL,
  original_name text NOT NULL,
  place         text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_file_company_idx ON stored_file (company_id, created_at DESC);
