import { describe, expect, it } from 'vitest';
import { createCouponCache, createCouponMachine, normalizeCode } from './coupon-machine';

type Coupon = { code: string; offer: string };

/** A check that answers BEMVINDO and refuses the rest, counting its calls; `gate` holds answers until released. */
function fakeServer() {
  const calls: string[] = [];
  let release: (() => void) | null = null;
  let holding = false;
  const check = async (code: string): Promise<Coupon> => {
    calls.push(code);
    if (holding) await new Promise<void>((r) => (release = r));
    if (code === 'BEMVINDO' || code === 'OUTRO') return { code, offer: `Oferta ${code}` };
    throw new Error('Cupom desconhecido.');
  };
  return {
    calls,
    check,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      release?.();
    },
  };
}

const reason = (err: unknown) => (err instanceof Error ? err.message : 'erro');

describe('coupon field rules', () => {
  it('starts unverified, checks a typed code through loading to valid', async () => {
    const server = fakeServer();
    const m = createCouponMachine(server.check, createCouponCache<Coupon>(), reason);
    expect(m.getState().status).toBe('unverified');
    m.input('bemvindo');
    expect(m.getState()).toMatchObject({ status: 'unverified', code: 'BEMVINDO' });
    server.hold();
    const done = m.check();
    expect(m.getState().status).toBe('loading');
    server.release();
    await done;
    expect(m.getState()).toMatchObject({ status: 'valid', code: 'BEMVINDO', coupon: { offer: 'Oferta BEMVINDO' } });
    expect(server.calls).toEqual(['BEMVINDO']);
  });

  it('answers a second check of a code being checked with the same answer, without a second call', async () => {
    const server = fakeServer();
    const m = createCouponMachine(server.check, createCouponCache<Coupon>(), reason);
    server.hold();
    const first = m.check('BEMVINDO');
    const second = m.check('bemvindo');
    server.release();
    expect((await second).status).toBe('valid');
    expect((await first).status).toBe('valid');
    expect(server.calls).toEqual(['BEMVINDO']);
  });

  it('ignores an empty code: no call, nothing changes', async () => {
    const server = fakeServer();
    const m = createCouponMachine(server.check, createCouponCache<Coupon>(), reason);
    await m.check('   ');
    await m.check();
    expect(server.calls).toEqual([]);
    expect(m.getState().status).toBe('unverified');
  });

  it('reuses a verified coupon without a new call, across fields sharing the cache and in any case', async () => {
    const server = fakeServer();
    const cache = createCouponCache<Coupon>();
    const onBonusPage = createCouponMachine(server.check, cache, reason);
    await onBonusPage.check('BEMVINDO');
    await onBonusPage.check('BEMVINDO');
    const inDepositModal = createCouponMachine(server.check, cache, reason);
    inDepositModal.input(' BemVindo ');
    const state = await inDepositModal.check();
    expect(state.status).toBe('valid');
    expect(server.calls).toEqual(['BEMVINDO']);
  });

  it('marks a refused code invalid with the server reason, and a later valid check clears it', async () => {
    const server = fakeServer();
    const m = createCouponMachine(server.check, createCouponCache<Coupon>(), reason);
    await m.check('NAOEXISTE');
    expect(m.getState()).toMatchObject({ status: 'invalid', code: 'NAOEXISTE', error: 'Cupom desconhecido.' });
    m.input('BEMVINDO');
    expect(m.getState()).toMatchObject({ status: 'unverified', error: null });
    await m.check();
    expect(m.getState().status).toBe('valid');
  });

  it('resets to invalid with no code when the field is cleared', async () => {
    const server = fakeServer();
    const m = createCouponMachine(server.check, createCouponCache<Coupon>(), reason);
    await m.check('BEMVINDO');
    m.input('');
    expect(m.getState()).toEqual({ status: 'invalid', code: '', coupon: null, error: null });
    await m.check('BEMVINDO');
    m.clear();
    expect(m.getState()).toEqual({ status: 'invalid', code: '', coupon: null, error: null });
  });

  it('keeps the state of the code typed last when an older answer arrives late', async () => {
    const server = fakeServer();
    const m = createCouponMachine(server.check, createCouponCache<Coupon>(), reason);
    server.hold();
    const first = m.check('BEMVINDO');
    m.input('OUTRO');
    server.release();
    await first;
    expect(m.getState()).toMatchObject({ status: 'unverified', code: 'OUTRO' });
  });

  it('asks again for a code the cache forgot (after it was redeemed)', async () => {
    const server = fakeServer();
    const cache = createCouponCache<Coupon>();
    const m = createCouponMachine(server.check, cache, reason);
    await m.check('BEMVINDO');
    cache.forget('bemvindo');
    m.clear();
    await m.check('BEMVINDO');
    expect(server.calls).toEqual(['BEMVINDO', 'BEMVINDO']);
  });

  it('sends codes trimmed and in upper case', () => {
    expect(normalizeCode('  bemVindo10 ')).toBe('BEMVINDO10');
  });
});
