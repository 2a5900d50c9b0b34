export { createScheduler, type Job, type JobContext, type Scheduler, type SchedulerOptions } from './scheduler';
