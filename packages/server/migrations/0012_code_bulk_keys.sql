-- Codes are written in bulk by the generator (see 0009): a foreign key on code costs a lookup per inserted
-- row, which doubled the time to store a job bound to a product and batch. The generator copies product_id
-- and batch_id from the job row it holds locked, and code_record keeps its own foreign keys to product and
-- product_batch, so a job's codes always name a live product and batch. Code binding (a later feature)
-- must lock the product or batch row it binds to, and deleting a product or batch is refused while codes or
-- jobs name it (checked through code_product_idx and code_batch_idx).
ALTER TABLE code DROP CONSTRAINT IF EXISTS code_product_fk;
ALTER TABLE code DROP CONSTRAINT IF EXISTS code_batch_fk;
