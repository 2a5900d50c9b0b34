import type { Job } from '../../../platform/jobs/index';

export const BETTING_JOBS: Job[] = [];
