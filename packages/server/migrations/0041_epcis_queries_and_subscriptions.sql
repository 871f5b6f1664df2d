-- Named queries of a company's EPCIS repository, subscriptions to them, and the feed that delivers new
-- events to subscribers in the order they were committed.

-- A named query: the SimpleEventQuery parameters as the partner sent them (the binding's query object,
-- its @context included), run again whenever its events are asked for or a subscription is due.
CREATE TABLE epcis_named_query (
  company_id  uuid NOT NULL REFERENCES company (id),
  name        text COLLATE "C" NOT NULL CHECK (name ~ '^[A-Za-z0-9_.~-]{1,100}$'),
  query       jsonb NOT NULL,
  created_by  uuid REFERENCES app_user (id),
  api_key_id  uuid REFERENCES api_key (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, name)
);

-- Every append of events (one call of appendEvents, in one transaction) is a feed entry. Its feed_seq is
-- taken when the transaction commits, under a lock per company (the deferred trigger below), so feed_seq
-- follows the order of commits: a subscriber that has seen entry n will never see an entry below n appear
-- later, which event ids alone cannot promise (a long transaction takes its ids early and commits late).
CREATE TABLE epcis_append (
  id          bigserial PRIMARY KEY,
  company_id  uuid NOT NULL REFERENCES company (id),
  feed_seq    bigint
);
CREATE SEQUENCE epcis_feed_seq;
CREATE INDEX epcis_append_feed_idx ON epcis_append (company_id, feed_seq) WHERE feed_seq IS NOT NULL;

ALTER TABLE epcis_event ADD COLUMN append_id bigint;
CREATE INDEX epcis_event_append_idx ON epcis_event (append_id, id) WHERE append_id IS NOT NULL;

CREATE FUNCTION epcis_append_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- held to the end of the commit: the next append of the company takes its number after this one is visible
  PERFORM pg_advisory_xact_lock(hashtextextended('epcis_feed:' || NEW.company_id::text, 0));
  UPDATE epcis_append SET feed_seq = nextval('epcis_feed_seq') WHERE id = NEW.id;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER epcis_append_commit_trg AFTER INSERT ON epcis_append
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION epcis_append_commit();

-- A subscription to a named query: new matching events posted to `dest` (a webhook), as they come
-- (stream) or on a schedule, each at least once, in feed order. The cursor moves only when the subscriber
-- has answered 2xx; a delivery is leased to one instance at a time (leased_until), so a crashed instance's
-- work is taken over when its lease runs out.
CREATE TABLE epcis_subscription (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id       uuid NOT NULL,
  query_name       text COLLATE "C" NOT NULL,
  dest             text NOT NULL,
  -- the subscriber's own secret: the key of the GS1-Signature of each delivery; never answered back
  signature_token  text,
  stream           boolean NOT NULL,
  schedule         jsonb,
  report_if_empty  boolean NOT NULL DEFAULT false,
  -- events of feed entries up to this one were delivered
  delivered_seq    bigint NOT NULL,
  -- a delivery under way over entries (delivered_seq, range_seq], events after range_after_id sent so far
  range_seq        bigint,
  range_after_id   bigint,
  -- events recorded before the subscription, from initialRecordTime: delivered first, in record order
  backlog_from     timestamptz,
  backlog_after_id bigint,
  next_run_at      timestamptz NOT NULL DEFAULT now(),
  attempts         integer NOT NULL DEFAULT 0,
  last_error       text,
  last_notified_at timestamptz,
  leased_until     timestamptz,
  leased_by        text,
  created_by       uuid REFERENCES app_user (id),
  api_key_id       uuid REFERENCES api_key (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (company_id, query_name) REFERENCES epcis_named_query (company_id, name) ON DELETE CASCADE,
  CHECK (stream OR schedule IS NOT NULL)
);
CREATE INDEX epcis_subscription_query_idx ON epcis_subscription (company_id, query_name, created_at);
CREATE INDEX epcis_subscription_due_idx ON epcis_subscription (next_run_at);
