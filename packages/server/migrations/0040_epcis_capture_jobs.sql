-- A capture job as the EPCIS 2.0 REST binding describes it: what the sender asked for when an event fails
-- (GS1-Capture-Error-Behaviour), whether every event was taken, and the events that were not. With
-- "rollback" (the default) a document with any failing event is refused whole and leaves no job; with
-- "proceed" the events that pass are stored and the others are listed here.
ALTER TABLE epcis_capture ADD COLUMN error_behaviour text NOT NULL DEFAULT 'rollback' CHECK (error_behaviour IN ('rollback', 'proceed'));
-- false when an event of the document was not stored (only with "proceed")
ALTER TABLE epcis_capture ADD COLUMN success boolean NOT NULL DEFAULT true;
-- the events refused (schema or identifiers), not stored
ALTER TABLE epcis_capture ADD COLUMN failed integer NOT NULL DEFAULT 0;
-- why: [{ "pointer": "/epcisBody/eventList/3/action", "key": "validation.epcisSchema", "params": {…} }], the
-- message key and its parameters, translated when the job is read
ALTER TABLE epcis_capture ADD COLUMN errors jsonb NOT NULL DEFAULT '[]';
ALTER TABLE epcis_capture ADD CONSTRAINT epcis_capture_success CHECK (success = (failed = 0));
