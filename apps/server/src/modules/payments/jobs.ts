import type { Job } from '../../platform/jobs/index';
import { runtimeFor } from './runtime';

/**
 * Payments' periodic work for the leased scheduler (one node runs each at a time): charges past expiry, and payouts.
 * Both need the PSP client the app's payments plugin built, found through the database handle; with WALLET_JOBS off
 * (tests drive them through runJobs) they do nothing.
 */
export const PAYMENT_JOBS: Job[] = [
  {
    name: 'payments-jobs',
    intervalMs: 5_000,
    async run({ db }) {
      const rt = runtimeFor(db);
      if (!rt?.config.pix.jobs) return;
      await rt.runJobs();
    },
  },
];
