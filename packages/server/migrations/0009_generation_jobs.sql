-- Code generation writes codes in bulk (COPY, 50,000 rows per transaction). A foreign key on a bulk-written
-- table costs one lookup of the referenced row per inserted row (a row trigger each): with these three,
-- storing a million codes took 1.4 to 1.9 times as long. The generator is the only writer of these three
-- columns: it copies them from its job, whose row every write also updates under lock in the same
-- transaction, so they always name a live company, rule and job. The job row keeps its own foreign keys to
-- the company and the rule, so neither can be deleted while codes made under them exist.
ALTER TABLE code DROP CONSTRAINT IF EXISTS code_company_id_fkey;
ALTER TABLE code DROP CONSTRAINT IF EXISTS code_rule_id_fkey;
ALTER TABLE code DROP CONSTRAINT IF EXISTS code_record_id_fkey;
