-- Code generation writes codes in bulk (COPY, 50,000 rows per transaction). A foreign key on a bulk-written
-- table costs one lookup of the referenced row per inserted row (a row trigger each), which more than
-- doubled the time to store a million codes. The generator is the only writer of these three columns and
-- copies them from the job row it holds locked in the same transaction, so they always name a live company,
-- rule and job; the job row keeps its own foreign keys to the company and the rule, so neither can be
-- deleted while codes made under them exist.
ALTER TABLE code DROP CONSTRAINT IF EXISTS code_company_id_fkey;
ALTER TABLE code DROP CONSTRAINT IF EXISTS code_rule_id_fkey;
ALTER TABLE code DROP CONSTRAINT IF EXISTS code_record_id_fkey;
