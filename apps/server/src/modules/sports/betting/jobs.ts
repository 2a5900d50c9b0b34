import type { Job } from '../../../platform/jobs/index';
import { LIVE_DELAY_JOB } from './place';

export const BETTING_JOBS: Job[] = [LIVE_DELAY_JOB];
