-- Company-only menu elements, and the read-only support view of platform staff.

-- COMPANY elements manage a company's own data: they are never shown or granted to platform accounts,
-- which belong to no company. The seed marks them on new databases; a database seeded by an earlier
-- release learns the mark here (seed rows are never overwritten), for the built-in groups and screens
-- and everything below them that is not platform-only.
ALTER TABLE menu DROP CONSTRAINT IF EXISTS menu_scope_check;
ALTER TABLE menu ADD CONSTRAINT menu_scope_check CHECK (scope IN ('ALL', 'PLATFORM', 'COMPANY'));

WITH RECURSIVE company_only (menu_code) AS (
  SELECT menu_code FROM menu
  WHERE menu_code IN ('tagRule', 'tagGenerate', 'scan:bind:bind', 'productMg', 'supplyChain', 'farmerInfo', 'medicinalMg', 'companyInfo')
  UNION
  SELECT m.menu_code FROM menu m JOIN company_only c ON m.parent_code = c.menu_code
)
UPDATE menu SET scope = 'COMPANY', updated_at = now()
WHERE scope = 'ALL' AND menu_code IN (SELECT menu_code FROM company_only);

-- A grant of a company-only element to a platform role, or directly to a platform account, led nowhere.
DELETE FROM role_menu
WHERE menu_id IN (SELECT id FROM menu WHERE scope = 'COMPANY')
  AND role_id IN (SELECT id FROM role WHERE scope = 'PLATFORM');
DELETE FROM user_menu
WHERE menu_id IN (SELECT id FROM menu WHERE scope = 'COMPANY')
  AND user_id IN (SELECT id FROM app_user WHERE company_id IS NULL);

-- The company a platform session is looking at, read-only, until support_until (or until the staff
-- member leaves it or signs out). The reason and the opening are kept in the operation log.
ALTER TABLE user_session ADD COLUMN support_company_id uuid REFERENCES company (id) ON DELETE SET NULL;
ALTER TABLE user_session ADD COLUMN support_until timestamptz;
