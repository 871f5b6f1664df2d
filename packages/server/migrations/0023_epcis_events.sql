-- EPCIS 2.0 events: what happened to which codes, in GS1's model, for partners and for the consumer's trace.
-- Append-only: rows are inserted, never updated or deleted. A correction is a new event (for example an
-- undone binding is a decommissioning). Events are written in the transaction of the action that causes
-- them, so an action and its event commit together or not at all.

-- A capture: one EPCISDocument a partner system sent, stored whole or not at all (the standard's capture
-- job, with the "rollback" error behaviour). Documents are checked before anything is written, so a job
-- row exists only for a document that was taken.
CREATE TABLE epcis_capture (
  id           bigserial PRIMARY KEY,
  company_id   uuid NOT NULL REFERENCES company (id),
  -- the user who sent it, or who made the API key it was sent with
  user_id      uuid REFERENCES app_user (id),
  api_key_id   uuid,
  event_count  integer NOT NULL,
  -- events already stored under the company (the same eventID) and not stored again
  duplicates   integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX epcis_capture_company_idx ON epcis_capture (company_id, id DESC);

CREATE TABLE epcis_event (
  id            bigserial PRIMARY KEY,
  company_id    uuid NOT NULL REFERENCES company (id),
  -- the CBV event hash (ni:///sha-256;…?ver=CBV2.0) for the portal's events; a captured event keeps its own
  event_id      text NOT NULL,
  event_type    text NOT NULL CHECK (event_type IN ('ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent', 'AssociationEvent')),
  action        text CHECK (action IN ('ADD', 'OBSERVE', 'DELETE')),
  -- CBV values as bare words ('shipping'), any other vocabulary as its URI: queries compare these
  biz_step      text,
  disposition   text,
  read_point    text,
  biz_location  text,
  event_time    timestamptz NOT NULL,
  record_time   timestamptz NOT NULL DEFAULT now(),
  -- the event as JSON-LD without recordTime, which is added from record_time when it is read
  body          jsonb NOT NULL,
  -- who wrote it: the portal (an action of a user) or a partner system (a capture with an API key or session)
  origin        text NOT NULL CHECK (origin IN ('PORTAL', 'CAPTURE')),
  capture_id    bigint REFERENCES epcis_capture (id)
);
-- one event once per company: capturing a document twice does not double its events
CREATE UNIQUE INDEX epcis_event_company_event_uq ON epcis_event (company_id, event_id);
-- the query interface pages through a company's events in record order
CREATE INDEX epcis_event_company_idx ON epcis_event (company_id, id);
CREATE INDEX epcis_event_company_time_idx ON epcis_event (company_id, event_time, id);

-- The identifiers each event names, one row per EPC, for MATCH_epc, MATCH_parentID and MATCH_anyEPC. No
-- foreign key: rows are written with their event in one statement, a million at a time for a large
-- activation, where a key check per row would cost as much again.
CREATE TABLE epcis_event_epc (
  event_pk bigint NOT NULL,
  -- E: epcList or childEPCs, P: parentID, I: inputEPCList, O: outputEPCList
  role     "char" NOT NULL,
  epc      text NOT NULL
);
CREATE INDEX epcis_event_epc_idx ON epcis_event_epc (epc, event_pk);
