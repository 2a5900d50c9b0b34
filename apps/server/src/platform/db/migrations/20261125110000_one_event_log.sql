-- Every domain event now goes to event_log (platform/events): each consumer keeps its own position there, and a
-- process without a realtime server asks the running nodes to push through it too. The single-consumer queue and
-- the realtime outbox it replaces are dropped.
drop table domain_events;
drop table realtime_outbox;
