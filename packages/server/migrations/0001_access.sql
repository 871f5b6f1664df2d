-- Companies (tenants), users, roles, menus and their relations; sessions and the sign-in log.
-- Every business table added later carries company_id and is read through it.

CREATE TABLE company (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_code    text NOT NULL UNIQUE,
  full_name        text NOT NULL,
  simple_name      text NOT NULL DEFAULT '',
  register_address text NOT NULL DEFAULT '',
  license_number   text NOT NULL DEFAULT '',
  business_term    text NOT NULL DEFAULT '',
  business_scope   text NOT NULL DEFAULT '',
  status           text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_user (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_code            text NOT NULL UNIQUE,
  username             text NOT NULL,
  name                 text NOT NULL DEFAULT '',
  password_hash        text NOT NULL,
  -- '1' platform super user, '2' platform staff (auditors), '3' enterprise staff
  user_type            text NOT NULL CHECK (user_type IN ('1', '2', '3')),
  company_id           uuid REFERENCES company (id),
  avatar               text NOT NULL DEFAULT '',
  status               text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  must_change_password boolean NOT NULL DEFAULT false,
  password_changed_at  timestamptz NOT NULL DEFAULT now(),
  last_login_at        timestamptz,
  last_login_ip        text,
  deleted              boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_type = '3') = (company_id IS NOT NULL))
);
-- Sign-in names are unique regardless of case among accounts that are not deleted.
CREATE UNIQUE INDEX app_user_username_live_uq ON app_user (lower(username)) WHERE NOT deleted;
CREATE INDEX app_user_company_idx ON app_user (company_id);

CREATE TABLE role (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  role_code   text NOT NULL UNIQUE,
  role_name   text NOT NULL,
  role_name_en text NOT NULL DEFAULT '',
  -- NULL company: a built-in role shared by the platform (PLATFORM scope) or by every company (ENTERPRISE scope)
  company_id  uuid REFERENCES company (id),
  scope       text NOT NULL CHECK (scope IN ('PLATFORM', 'ENTERPRISE')),
  builtin     boolean NOT NULL DEFAULT false,
  sort        integer NOT NULL DEFAULT 0,
  status      text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  remark      text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX role_name_per_company_uq
  ON role (coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid), role_name);

CREATE TABLE menu (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  menu_code    text NOT NULL UNIQUE,
  parent_code  text REFERENCES menu (menu_code) ON UPDATE CASCADE,
  menu_name    text NOT NULL,
  menu_name_en text NOT NULL,
  menu_icon    text NOT NULL DEFAULT '',
  menu_url     text NOT NULL DEFAULT '',
  type         text NOT NULL CHECK (type IN ('MENU', 'BUTTON')),
  permission   text,
  is_show      text NOT NULL DEFAULT '1' CHECK (is_show IN ('0', '1')),
  sort         integer NOT NULL DEFAULT 0,
  -- PLATFORM menus may only be granted to platform roles
  scope        text NOT NULL DEFAULT 'ALL' CHECK (scope IN ('ALL', 'PLATFORM')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (type = 'MENU' OR permission IS NOT NULL)
);
CREATE INDEX menu_parent_idx ON menu (parent_code, sort);

CREATE TABLE role_menu (
  role_id uuid NOT NULL REFERENCES role (id) ON DELETE CASCADE,
  menu_id uuid NOT NULL REFERENCES menu (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, menu_id)
);

CREATE TABLE user_role (
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  role_id uuid NOT NULL REFERENCES role (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);
CREATE INDEX user_role_role_idx ON user_role (role_id);

-- Only the SHA-256 of a token is stored; the token itself lives in the client.
CREATE TABLE user_session (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash    bytea NOT NULL UNIQUE,
  user_id       uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  company_id    uuid REFERENCES company (id),
  ip            text NOT NULL DEFAULT '',
  user_agent    text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  revoke_reason text
);
CREATE INDEX user_session_user_live_idx ON user_session (user_id) WHERE revoked_at IS NULL;
CREATE INDEX user_session_live_idx ON user_session (last_seen_at DESC) WHERE revoked_at IS NULL;

-- Every sign-in attempt, good or bad. Also the source of the sign-in throttle.
CREATE TABLE login_log (
  id         bigserial PRIMARY KEY,
  username   text NOT NULL,
  user_id    uuid REFERENCES app_user (id) ON DELETE SET NULL,
  company_id uuid REFERENCES company (id),
  ip         text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  result     text NOT NULL CHECK (result IN ('SUCCESS', 'FAILURE')),
  reason     text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_log_throttle_account_idx ON login_log (lower(username), created_at DESC);
CREATE INDEX login_log_throttle_ip_idx ON login_log (ip, created_at DESC);
CREATE INDEX login_log_company_time_idx ON login_log (company_id, created_at DESC);

-- Values generated once per installation (e.g. signing secrets), never written in code.
CREATE TABLE app_secret (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
