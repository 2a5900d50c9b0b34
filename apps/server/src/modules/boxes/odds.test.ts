import { BoxesAllReply } from '@sorte/contracts';
import { boxExpectedValue, boxTableProblem, compare, rational } from '@sorte/fairness';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { findTenantByHost } from '../tenants/index';
import { liveVersion } from './catalog';
import { DEMO_BOXES } from './seed';

/**
 * The seeded demo boxes' odds, exactly: for every demo tenant and box, the expected value of one opening computed
 * as a fraction from the ticket ranges equals the published RTP x price, and the API states that RTP. The designed
 * figures (docs/boxes.md) are pinned here too.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await testApp();
}, 60_000);
afterAll(() => app.close());

/** Expected value (centavos) and RTP of each demo box, as designed. */
const DESIGNED: Record<string, { ev: number; rtpE6: number }> = {
  'caixa-bronze': { ev: 460, rtpE6: 920_000 },
  'caixa-prata': { ev: 2_325, rtpE6: 930_000 },
  'caixa-ouro': { ev: 9_400, rtpE6: 940_000 },
};

describe('demo boxes: exact odds', () => {
  for (const host of ['localhost', 'regulado.localhost'])
    it(`${host}: every box's exact expected value equals its published RTP x price`, async () => {
      const tenant = (await findTenantByHost(app.db, host))!;
      expect(tenant, host).toBeTruthy();
      const api = BoxesAllReply.parse((await client(app, { host }).get('/api/boxes/all')).json()).data;
      for (const d of DEMO_BOXES) {
        const v = (await liveVersion(app.db, tenant.id, d.name))!;
        expect(v, d.name).toBeTruthy();
        const table = v.prizes.map((p) => ({ from: p.ticket_from, to: p.ticket_to, value: p.value }));
        expect(boxTableProblem(table)).toBeNull();
        const ev = boxExpectedValue(table);
        // rtp_e6 / 10^6 x price, as a fraction: no rounding on either side.
        expect(ev).toEqual(rational(BigInt(v.version.rtp_e6!) * BigInt(v.version.price), 1_000_000n));
        expect(ev).toEqual(rational(DESIGNED[d.name]!.ev));
        expect(v.version.rtp_e6).toBe(DESIGNED[d.name]!.rtpE6);
        expect(compare(ev, rational(v.version.price * 90, 100))).toBeGreaterThanOrEqual(0);
        expect(compare(ev, rational(v.version.price * 95, 100))).toBeLessThanOrEqual(0);
        expect(api.find((b) => b.name === d.name)!.rtp).toBe(v.version.rtp_e6! / 1_000_000);
        // The design: 6-9 prizes, sold back at 80%, the rarest prize 100x, at most one offer prize.
        expect(v.prizes.length).toBeGreaterThanOrEqual(6);
        expect(v.prizes.length).toBeLessThanOrEqual(9);
        expect(v.version.sell_price).toBe(v.version.price * 0.8);
        expect(Math.max(...v.prizes.map((p) => p.value))).toBe(v.version.price * 100);
        expect(v.prizes.filter((p) => p.kind === 'bonus' || p.kind === 'free_spins').length).toBeLessThanOrEqual(1);
        expect(v.prizes.some((p) => p.kind === 'collectible')).toBe(true);
      }
    });
});
