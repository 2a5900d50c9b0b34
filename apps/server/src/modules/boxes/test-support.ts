import type { Db } from '../../platform/db/index';
import { type BoxVersion, loadVersion } from './catalog';
import { type BoxSpec, createBox, publishBox } from './catalog-service';

/**
 * A valid table for tests: R$ 10 a box, sold back for R$ 8; R$ 5 (60%), R$ 10 (30%), a R$ 20 collectible (9%) and
 * R$ 100 (1%), so the expected value is R$ 8,80 and the RTP exactly 88%.
 */
export const TEST_BOX_SPEC = {
  name: 'caixa-teste',
  titles: { pt: 'Caixa de teste', en: 'Test box' },
  descriptions: { pt: 'Uma caixa para os testes.', en: 'A box for the tests.' },
  image: '/static/boxes/caixa-bronze.svg',
  price: 1_000,
  sell_price: 800,
  prizes: [
    { names: { pt: 'R$ 5', en: 'R$ 5' }, kind: 'cash', value: 500, tickets: [1, 60_000], rarity: 'common' },
    { names: { pt: 'R$ 10', en: 'R$ 10' }, kind: 'cash', value: 1_000, tickets: [60_001, 90_000], rarity: 'common' },
    {
      names: { pt: 'Trevo de teste', en: 'Test clover' },
      kind: 'collectible',
      value: 2_000,
      tickets: [90_001, 99_000],
      rarity: 'rare',
      image: '/static/boxes/clover.svg',
    },
    { names: { pt: 'R$ 100', en: 'R$ 100' }, kind: 'cash', value: 10_000, tickets: [99_001, 100_000], rarity: 'epic' },
  ],
} satisfies BoxSpec;

export type TestBox = { id: number; name: string; version: number; prizes: BoxVersion['prizes']; box: BoxVersion };

/**
 * A published box of the tenant for other tests (inventory, web, missions): TEST_BOX_SPEC with `overrides` laid over
 * it. Without a name override, a second call on the same tenant takes a new name (caixa-teste-2, ...) instead of
 * revising the first box.
 */
export async function seedTestBox(db: Db, tenantId: number, overrides: Partial<BoxSpec> = {}): Promise<TestBox> {
  let name = overrides.name ?? TEST_BOX_SPEC.name;
  if (!overrides.name) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from boxes where tenant_id = $1 and (name = $2 or name like $2 || '-%')`,
      [tenantId, TEST_BOX_SPEC.name],
    );
    const n = Number(rows[0]!.n);
    if (n > 0) name = `${TEST_BOX_SPEC.name}-${n + 1}`;
  }
  const saved = await createBox(db, tenantId, { ...TEST_BOX_SPEC, ...overrides, name });
  const published = await publishBox(db, tenantId, saved.id);
  const box = (await loadVersion(db, tenantId, saved.id, published.version))!;
  return { id: saved.id, name, version: published.version, prizes: box.prizes, box };
}
