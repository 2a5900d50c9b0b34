import type { FastifyInstance } from 'fastify';
import { createScheduler, type Job, type Scheduler } from '../jobs/index';
import { type Consumer, createEventBus, type EventBus } from './bus';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
    jobs: Scheduler;
  }
}

/** How often the log is pruned of events every consumer has passed. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Starts this node's share of the event bus and the periodic jobs: every node runs the delivery loop (a consumer's
 * row lock makes one node at a time deliver to it) and the scheduler (a job's lease makes one node run it). The
 * modules' consumers and jobs are handed in by the app: platform code knows none of them.
 */
export async function startEventsAndJobs(
  app: FastifyInstance,
  o: { consumers: Consumer[]; jobs: Job[]; paused?: () => boolean; run?: boolean },
) {
  const events = createEventBus({
    db: app.db,
    consumers: o.consumers,
    onError: (err, where) => app.log.warn({ err, ...where }, 'event consumer'),
  });
  await events.register();
  const prune: Job = {
    name: 'events-prune',
    intervalMs: PRUNE_EVERY_MS,
    hasWork: () => events.hasPrunable(),
    run: async () => void (await events.prune()),
  };
  const jobs = createScheduler({
    db: app.db,
    jobs: [prune, ...o.jobs],
    onError: (err, where) => app.log.error({ err, ...where }, 'periodic job'),
  });
  app.decorate('events', events);
  app.decorate('jobs', jobs);
  if (o.run !== false) {
    events.start({ paused: o.paused });
    jobs.start();
  }
  app.addHook('preClose', async () => {
    await events.stop();
    await jobs.stop();
  });
}
