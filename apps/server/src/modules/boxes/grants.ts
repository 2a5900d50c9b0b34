import type { UserBoxSource } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';

export type GrantBox = {
  tenantId: number;
  userId: number;
  /** The box (its live version is granted). */
  boxId: number;
  source: Exclude<UserBoxSource, 'purchase'>;
  /** Unique per tenant: what granted it ("missions:<mission>:<user>:<window>"); a repeat finds the same box. */
  key: string;
};

/**
 * Gives the player one unopened box of `boxId`'s live version in the caller's transaction, publishes
 * boxes.box_granted (a notification and NotifyNewUserBox follow) and answers the user box id. A repeated key answers
 * the box granted before, without a second one.
 */
export async function grantBox(_tx: Sql, _o: GrantBox): Promise<{ userBoxId: number; replayed: boolean }> {
  throw new AppError('unavailable');
}

/** Why a box cannot be named as a reward (missing, not on sale), in the operator's words; null when it can. */
export async function boxGrantProblem(_sql: Sql, _tenantId: number, _boxId: number): Promise<string | null> {
  return 'boxes are not available yet';
}
