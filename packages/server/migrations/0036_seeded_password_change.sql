-- The demo accounts (demo, operator, auditor) were seeded by earlier versions with a generated password
-- that nobody was asked to change. Those still holding it are asked now, as admin always was.
-- "Still holding it" is read from the row alone: seeding wrote password_changed_at and created_at in one
-- transaction (the same now()), and any change since moved password_changed_at. created_by is empty for
-- seeded rows only (the portal records who created a user), and the accounts are pinned to what the seed
-- made: the auditor as platform staff, demo and operator in the demo company M10001.
UPDATE app_user u
SET must_change_password = true
WHERE NOT u.deleted
  AND NOT u.must_change_password
  AND u.created_by IS NULL
  AND u.password_changed_at = u.created_at
  AND (
    (u.username = 'auditor' AND u.user_type = '2')
    OR (u.username IN ('demo', 'operator') AND u.user_type = '3'
        AND u.company_id = (SELECT c.id FROM company c WHERE c.merchant_code = 'M10001'))
  );
