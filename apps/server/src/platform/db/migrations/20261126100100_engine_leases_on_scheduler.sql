-- The Crash and Double engines hold the platform scheduler's lease (scheduled_jobs, one row per tenant and game,
-- platform/jobs/leases.ts) like every periodic job: their own lease table goes.
drop table originals_engine_leases;
