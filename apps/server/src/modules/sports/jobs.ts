import type { Job } from '../../platform/jobs/index';
import { BETTING_JOBS } from './betting/jobs';
import { FEED_JOBS } from './feed/jobs';

/** The sportsbook's periodic work for the leased scheduler: the simulated feed's clock, settlement, housekeeping. */
export const SPORTS_JOBS: Job[] = [...FEED_JOBS, ...BETTING_JOBS];
