-- Every parameter of the EPCIS 2.0 SimpleEventQuery is answered from an index, not by reading event bodies.

-- Identifiers compare by code point (the standard's ordering of strings, and what makes an EPC pattern's
-- literal prefix a range of the index). The roles grow by the EPC classes of quantity lists: lower case is
-- the class of the upper-case list (e: quantityList or childQuantityList, i: inputQuantityList,
-- o: outputQuantityList).
ALTER TABLE epcis_event_epc ALTER COLUMN epc TYPE text COLLATE "C";

-- The other values an event carries that a query can name, one row per value (eventFields.ts names them):
-- business transactions, sources and destinations by type, persistent dispositions, the transformation,
-- the error declaration, quantities, sensor data, and extension, ILMD, error-declaration, sensor and
-- location extension fields, top-level and inner, under their namespace. A value that reads as a number
-- or a time is kept as one too, for the GT_/GE_/LT_/LE_ comparisons and for orderBy.
CREATE TABLE epcis_event_field (
  event_pk   bigint NOT NULL,
  name       text COLLATE "C" NOT NULL,
  text_value text COLLATE "C",
  num_value  double precision,
  time_value timestamptz
);
CREATE INDEX epcis_event_field_text_idx ON epcis_event_field (name, text_value, event_pk);
CREATE INDEX epcis_event_field_num_idx ON epcis_event_field (name, num_value, event_pk) WHERE num_value IS NOT NULL;
CREATE INDEX epcis_event_field_time_idx ON epcis_event_field (name, time_value, event_pk) WHERE time_value IS NOT NULL;
-- An event's own rows, for a condition checked event by event in record order (a range, a pattern, a value
-- most events have): the planner then stops at a page instead of collecting every match first.
CREATE INDEX epcis_event_field_event_idx ON epcis_event_field (event_pk, name);
CREATE INDEX epcis_event_epc_event_idx ON epcis_event_epc (event_pk);
-- Names are few and very unequal (one per event, another on one event in a thousand), and a name's values
-- depend on the name: without these statistics the planner takes a common value for a rare one and
-- gathers tens of thousands of rows to return thirty.
ALTER TABLE epcis_event_field ALTER COLUMN name SET STATISTICS 1000;
ALTER TABLE epcis_event_epc ALTER COLUMN epc SET STATISTICS 1000;
CREATE STATISTICS epcis_event_field_name_value (mcv, dependencies) ON name, text_value FROM epcis_event_field;
CREATE STATISTICS epcis_event_field_name_number (mcv, dependencies) ON name, num_value FROM epcis_event_field;

-- The namespaces a company's documents declared, prefix by prefix: a query may name an extension field by
-- the prefix its partner uses without repeating the namespace.
CREATE TABLE epcis_namespace (
  company_id uuid NOT NULL REFERENCES company (id),
  prefix     text COLLATE "C" NOT NULL,
  namespace  text COLLATE "C" NOT NULL,
  PRIMARY KEY (company_id, prefix, namespace)
);

-- Master data partners send with their documents (the header's vocabularies): a location's attributes and
-- its children, for WD_readPoint / WD_bizLocation and HASATTR_ / EQATTR_. The company's own sites and
-- dealers are master data too, read from their tables (locationHierarchy.ts).
CREATE TABLE epcis_vocabulary_element (
  company_id  uuid NOT NULL REFERENCES company (id),
  vocabulary  text COLLATE "C" NOT NULL,
  element_id  text COLLATE "C" NOT NULL,
  attributes  jsonb NOT NULL DEFAULT '{}',
  children    text[] COLLATE "C" NOT NULL DEFAULT '{}',
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, vocabulary, element_id)
);
CREATE INDEX epcis_vocabulary_children_idx ON epcis_vocabulary_element USING gin (children);

-- Ordering by event time, newest first, pages in (event_time, id); record time is the id's order already.
CREATE INDEX epcis_event_company_record_time_idx ON epcis_event (company_id, record_time, id);
CREATE INDEX epcis_event_company_event_type_idx ON epcis_event (company_id, event_type, id);
CREATE INDEX epcis_event_company_biz_step_idx ON epcis_event (company_id, biz_step, id);
CREATE INDEX epcis_event_company_disposition_idx ON epcis_event (company_id, disposition, id);
CREATE INDEX epcis_event_company_read_point_idx ON epcis_event (company_id, read_point, id) WHERE read_point IS NOT NULL;
CREATE INDEX epcis_event_company_biz_location_idx ON epcis_event (company_id, biz_location, id) WHERE biz_location IS NOT NULL;

-- The events stored before this: their fields and classes, from their bodies. Extension fields keep the
-- prefix they were written with (the documents' contexts were not kept); standard fields are exact.
INSERT INTO epcis_event_epc (event_pk, role, epc)
SELECT e.id, r.role, q.item ->> 'epcClass'
  FROM epcis_event e
  CROSS JOIN LATERAL (VALUES ('quantityList', 'e'), ('childQuantityList', 'e'), ('inputQuantityList', 'i'), ('outputQuantityList', 'o')) AS r(list, role)
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.body -> r.list) = 'array' THEN e.body -> r.list ELSE '[]' END) AS q(item)
 WHERE q.item ->> 'epcClass' IS NOT NULL;

INSERT INTO epcis_event_field (event_pk, name, text_value)
SELECT e.id, l.kind || ' ' || coalesce(regexp_replace(t.item ->> 'type', '^(https://ref\.gs1\.org/cbv/(BTT|SDT)-|urn:epcglobal:cbv:(btt|sdt):)', ''), ''), t.item ->> l.value_name
  FROM epcis_event e
  CROSS JOIN LATERAL (VALUES ('bizTransactionList', 'bizTransaction', 'bizTransaction'), ('sourceList', 'source', 'source'), ('destinationList', 'destination', 'destination')) AS l(list, kind, value_name)
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.body -> l.list) = 'array' THEN e.body -> l.list ELSE '[]' END) AS t(item)
 WHERE t.item ->> l.value_name IS NOT NULL;

INSERT INTO epcis_event_field (event_pk, name, text_value)
SELECT e.id, 'ilmd ' || CASE WHEN k.key LIKE 'cbvmda:%' THEN '{urn:epcglobal:cbv:mda}' || substr(k.key, 8) ELSE k.key END, k.value #>> '{}'
  FROM epcis_event e
  CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(e.body -> 'ilmd') = 'object' THEN e.body -> 'ilmd' ELSE '{}' END) AS k(key, value)
 WHERE jsonb_typeof(k.value) IN ('string', 'number', 'boolean');
