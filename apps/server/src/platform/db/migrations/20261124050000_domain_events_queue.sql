-- domain_events becomes a queue (issues 6 and 7, and the operator's disk): the dispatcher deletes the rows it has
-- dispatched instead of stamping dispatched_at.
--
-- Every settled round writes one row. Stamped rows were kept for ever (nothing read them again: the handlers run
-- at dispatch, and the round, the bet and the money are recorded in casino_rounds, originals_bets and the ledger),
-- so the table grew by one row per bet without bound: at the benchmarks' 800 bets/s, some 70 million rows and
-- about 20 GB a day. And the stamp was the costliest write of the row's life: dispatched_at is in the predicate
-- of the partial index that found pending rows, so each stamp was a non-HOT update (a new row version, a new
-- primary key entry), after the row lock of FOR UPDATE and the partial index entry of the insert: six WAL records
-- per event. Now: the insert (row + primary key) and the delete at dispatch, three.
--
-- One dispatcher at a time (a transaction-scoped advisory lock, modules/realtime/domain-events.ts) instead of row
-- locks with SKIP LOCKED: the rows need no lock records, and one node dispatches thousands of events a second.
-- A row of a transaction that has not committed is still not visible, and is dispatched once it commits.

-- Dispatched rows are history nothing reads.
delete from domain_events where dispatched_at is not null;
drop index if exists domain_events_pending;
alter table domain_events drop column dispatched_at;
