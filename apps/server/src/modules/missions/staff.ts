import type { Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { describe, MSG, type Text } from './messages';
import * as repo from './repo';

/** What the back office reads and does in missions: each mission with how far players got, and stopping one. */

export type StaffMission = repo.DefinitionRow & repo.MissionCounts & { description: Text };

export async function missionsForStaff(sql: Sql, tenantId: number): Promise<StaffMission[]> {
  const [defs, counts] = await Promise.all([
    repo.listDefinitions(sql, tenantId, { activeOnly: false }),
    repo.countsByMission(sql, tenantId),
  ]);
  const labels = await repo.labels(sql, tenantId, {
    games: defs.flatMap((d) => (d.game_code ? [d.game_code] : [])),
    categories: defs.flatMap((d) => (d.category ? [d.category] : [])),
  });
  return defs.map((d) => ({
    ...d,
    ...(counts.get(d.id) ?? { players: 0, completed: 0, claimed: 0 }),
    description: describe(d, labels),
  }));
}

/** mission:disable: it no longer counts or shows; rewards already completed stay claimable. */
export async function disableMission(sql: Sql, tenantId: number, id: number): Promise<StaffMission> {
  const d = await repo.disableTenantDefinition(sql, tenantId, id);
  if (!d) throw new AppError('not_found', MSG.notFound);
  return (await missionsForStaff(sql, tenantId)).find((m) => m.id === d.id)!;
}
