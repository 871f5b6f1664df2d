-- Check characters from the rule's own alphabet (Damm), and typing mistakes told apart from unknown codes.
-- Rules that printed with ISO 7064 MOD 37-36 keep it: their codes must verify exactly as before.
ALTER TABLE tag_rule DROP CONSTRAINT tag_rule_check_scheme_check;
ALTER TABLE tag_rule ADD CONSTRAINT tag_rule_check_scheme_check CHECK (check_scheme IN ('NONE', 'LUHN', 'DAMM', 'MOD37_36'));

-- CHECK_FAILED: the text fits the shape of codes in use but fails every check character (no code looked up).
-- The partitioned table's check on verdict was named by PostgreSQL when 0022 made it, beside the old table's
-- constraint of the same name, so its name is looked up rather than assumed.
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT conname FROM pg_constraint
     WHERE conrelid = 'scan_record'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%verdict%'
  LOOP
    EXECUTE format('ALTER TABLE scan_record DROP CONSTRAINT %I', name);
  END LOOP;
END $$;
ALTER TABLE scan_record ADD CONSTRAINT scan_record_verdict_allowed
  CHECK (verdict IN ('GENUINE', 'REPEATED', 'NOT_FOUND', 'NOT_ACTIVATED', 'VOIDED', 'SECURITY_CODE_MISMATCH', 'CHECK_FAILED'));
