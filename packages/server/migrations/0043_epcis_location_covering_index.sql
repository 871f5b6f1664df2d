-- A read point or business location narrows ten million events to some ten thousand; the other conditions
-- of a query (times, step, disposition, type, action) were then checked on each event's heap row, ten
-- thousand random reads. Carried in the location indexes, they are checked in the index, and only the
-- page's events are read (eventQuery.ts finds the page's ids first, then their bodies).
CREATE INDEX epcis_event_company_read_point_cover_idx ON epcis_event (company_id, read_point, id)
  INCLUDE (event_time, biz_step, disposition, event_type, action) WHERE read_point IS NOT NULL;
CREATE INDEX epcis_event_company_biz_location_cover_idx ON epcis_event (company_id, biz_location, id)
  INCLUDE (event_time, biz_step, disposition, event_type, action) WHERE biz_location IS NOT NULL;
DROP INDEX epcis_event_company_read_point_idx;
DROP INDEX epcis_event_company_biz_location_idx;
