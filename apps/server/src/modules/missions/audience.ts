import type { Sql } from '../../platform/db/index';
import { vipLevelOf } from '../vip/index';
import { type DefinitionRow, registeredAt } from './repo';

/** A player counts as new for this many days after registering (the "new players" audience). */
export const NEW_PLAYER_DAYS = 7;

/** Whether a mission's audience includes this player (facts: the account's age and VIP level; null = a guest). */
export function audienceAdmits(
  d: Pick<DefinitionRow, 'audience' | 'vip_min' | 'vip_max'>,
  facts: { created_at: Date; vip_level: number } | null,
  now: Date,
): boolean {
  if (d.audience === 'all') return true;
  if (!facts) return false;
  if (d.audience === 'new') return now.getTime() - facts.created_at.getTime() < NEW_PLAYER_DAYS * 86_400_000;
  return facts.vip_level >= (d.vip_min ?? 0) && facts.vip_level <= (d.vip_max ?? Number.MAX_SAFE_INTEGER);
}

export type PlayerFacts = { created_at: Date; vip_level: number };

/** What the audiences of these definitions need to know of the player (the VIP level only when one asks for it). */
export async function playerFacts(
  sql: Sql,
  o: { tenantId: number; userId: number; defs: Pick<DefinitionRow, 'audience'>[] },
): Promise<PlayerFacts | null> {
  if (o.defs.every((d) => d.audience === 'all')) return null;
  const created = await registeredAt(sql, o.tenantId, o.userId);
  if (!created) return null;
  const vip = o.defs.some((d) => d.audience === 'vip') ? await vipLevelOf(sql, o.tenantId, o.userId) : 0;
  return { created_at: created, vip_level: vip };
}
