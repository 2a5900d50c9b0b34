import type { Job } from '../../../platform/jobs/index';

export const FEED_JOBS: Job[] = [];
