export { ensureLeaseRow, holdsLease, releaseLease, renewLease, takeLease } from './leases';
export { createScheduler, type Job, type JobContext, type Scheduler, type SchedulerOptions } from './scheduler';
