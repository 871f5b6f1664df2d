-- The operation log screen lists the module names found among the caller's entries. These indexes let
-- that list hop from one name to the next (one probe per module) instead of reading the whole log.
CREATE INDEX operation_log_company_module_idx ON operation_log (company_id, module);
CREATE INDEX operation_log_module_idx ON operation_log (module);
