import { z } from 'zod';
import { Int, IsoTime, replies, reply } from '../http';
import { TenantFilter } from './common';

/**
 * Events a consumer gave up on (parked after its last attempt), as events:failed lists them, and their retry
 * (events:retry): the owner's and admin's window on the work the platform did not finish (a VIP reward, a mission's
 * progress, a notification), which the dashboard counts. A tenant's staff see their own tenant's events.
 */

export const AdminParkedEvent = reply({
  consumer: z.string().describe('The consumer that parked it (vip, missions, notifications ...).'),
  event_id: Int,
  name: z.string().describe('The event, as published (bet.settled, deposit.confirmed ...).'),
  tenant_id: Int,
  user_id: Int.nullable(),
  attempts: Int,
  last_error: z.string(),
  created_at: IsoTime.describe('When the event was published.'),
  parked_at: IsoTime,
});
export type AdminParkedEvent = z.infer<typeof AdminParkedEvent>;
export const AdminParkedEventsReply = reply({ data: z.array(AdminParkedEvent) });
export type AdminParkedEventsReply = z.infer<typeof AdminParkedEventsReply>;

/** GET /api/admin/events/failed?tenant=: the parked events, oldest first (at most 100). */
export const adminParkedEventsCall = {
  querystring: z.object({ tenant: TenantFilter }),
  response: replies({ 200: AdminParkedEventsReply }),
};

export const AdminParkedEventParams = z.object({
  consumer: z.string().regex(/^[a-z0-9][a-z0-9_.:-]{0,99}$/),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * POST /api/admin/events/failed/{consumer}/{id}/retry: the event is due again at once with a fresh set of attempts.
 * Consumers are idempotent, so a retry never does twice what was done once.
 */
export const retryParkedEventCall = {
  params: AdminParkedEventParams,
  body: z.object({}).strict(),
  response: replies({ 200: reply({ retried: Int }) }),
};
