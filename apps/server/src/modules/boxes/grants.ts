import type { UserBoxSource } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events/index';
import { findBox } from './catalog';

export type GrantBox = {
  tenantId: number;
  userId: number;
  /** The box (its live version is granted). */
  boxId: number;
  source: Exclude<UserBoxSource, 'purchase'>;
  /** Unique per tenant: what granted it ("missions:<mission>:<user>:<window>"); a repeat finds the same box. */
  key: string;
};

const NOT_GRANTABLE = {
  pt: 'Esta caixa não pode ser concedida agora.',
  en: 'This box cannot be granted now.',
};

/**
 * Gives the player one unopened box of `boxId`'s live version in the caller's transaction, publishes
 * boxes.box_granted (a notification and NotifyNewUserBox follow) and answers the user box id. A repeated key answers
 * the box granted before, without a second one.
 */
export async function grantBox(tx: Sql, o: GrantBox): Promise<{ userBoxId: number; replayed: boolean }> {
  if (o.key.length < 1 || o.key.length > 200) throw new AppError('bad_request', 'a grant key is 1-200 characters');
  // A repeat is answered before the box is looked at: a box retired since the first grant must not turn a replay
  // into an error for the mission or VIP level that retries.
  const before = await grantedBefore(tx, o);
  if (before) return before;
  const box = await findBox(tx, o.tenantId, o.boxId);
  if (box?.status !== 'published' || box.live_version === null) throw new AppError('conflict', NOT_GRANTABLE);
  // On conflict do nothing: two grants racing on one key make one box; the loser reads the winner's after the insert
  // waited for its commit.
  const { rows } = await tx.query<{ id: string }>(
    `insert into user_boxes (tenant_id, user_id, box_id, version, source, source_key, price_paid)
      values ($1, $2, $3, $4, $5, $6, 0) on conflict (tenant_id, source_key) do nothing returning id`,
    [o.tenantId, o.userId, box.id, box.live_version, o.source, o.key],
  );
  if (!rows[0]) {
    const again = await grantedBefore(tx, o);
    if (again) return again;
    throw new AppError('conflict', NOT_GRANTABLE);
  }
  const userBoxId = Number(rows[0].id);
  await publish(tx, {
    name: 'boxes.box_granted',
    tenantId: o.tenantId,
    userId: o.userId,
    payload: {
      user_box_id: userBoxId,
      box_id: box.id,
      name: box.name,
      titles: box.titles,
      image: box.image,
      source: o.source,
      version: box.live_version,
    },
  });
  return { userBoxId, replayed: false };
}

/** The box a key granted before; the key naming another player's box is a caller's bug, refused. */
async function grantedBefore(sql: Sql, o: GrantBox): Promise<{ userBoxId: number; replayed: true } | null> {
  const { rows } = await sql.query<{ id: string; user_id: string }>(
    'select id, user_id from user_boxes where tenant_id = $1 and source_key = $2',
    [o.tenantId, o.key],
  );
  if (!rows[0]) return null;
  if (Number(rows[0].user_id) !== o.userId)
    throw new AppError('conflict', 'that grant key gave a box to another player');
  return { userBoxId: Number(rows[0].id), replayed: true };
}

/** Why a box cannot be named as a reward (missing, not on sale), in the operator's words; null when it can. */
export async function boxGrantProblem(sql: Sql, tenantId: number, boxId: number): Promise<string | null> {
  const box = await findBox(sql, tenantId, boxId);
  if (!box) return `box ${boxId} does not exist on this site`;
  if (box.status === 'retired') return `box ${box.name} is retired`;
  if (box.status !== 'published' || box.live_version === null) return `box ${box.name} is not published`;
  return null;
}
