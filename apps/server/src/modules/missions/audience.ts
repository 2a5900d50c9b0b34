import type { DefinitionRow } from './repo';

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
