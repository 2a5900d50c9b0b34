import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, LEGACY_EVENT_NAMES, parseDomainEvent } from './events';

describe('domain event map', () => {
  it('takes the payloads the modules write today, under their new names', () => {
    // One payload of each kind as wallet, pix, providers and the originals' stored functions write it now.
    const today: [string, Record<string, unknown>][] = [
      [
        'casino.round_settled',
        {
          provider: 'originals',
          round_id: 'dice:9',
          transaction: 'originals:bet:9',
          game_id: 3,
          game: 'Dice',
          game_code: 'dice',
          user_id: 7,
          bet: 100,
          win: 198,
          multiplier: 1.98,
        },
      ],
      [
        'casino.round_rolled_back',
        { provider: 'sandbox', round_id: 'r1', transaction: 'tx-1', game_id: 3, user_id: 7, amount: 500 },
      ],
      ['PaymentApproved', { txid: 'abc', amount: 2000, balance: 2000, bonus: 0, deposit_count: 1 }],
      ['BalanceUpdated', { balance: 2000, bonus: 0 }],
      ['FirstDeposit', { txid: 'abc', amount: 2000 }],
      ['DepositRefunded', { txid: 'abc', amount: 2000, reason: 'third_party_payer' }],
      ['WithdrawalRequested', { id: 4, amount: 1500, status: 0 }],
      ['WithdrawalUpdated', { id: 4, status: 2, reason: 'cancelled by player' }],
      ['WithdrawalUpdated', { id: 4, status: 1 }],
      ['WithdrawalDueSoon', { id: 4, user_id: 7, due_at: '2026-11-25T12:00:00.000Z', status: 4 }],
      ['DocumentReviewed', { id: 2, type: 'selfie', status: 'approved', reason: null }],
    ];
    for (const [legacy, payload] of today) {
      const name = LEGACY_EVENT_NAMES[legacy]!;
      expect(name, legacy).toBeDefined();
      expect(() => parseDomainEvent({ name, tenantId: 1, userId: 7, payload } as never), legacy).not.toThrow();
    }
    // Every event has a name from before the bus, except the one the bus itself brought (the CLI's realtime push)
    // and those of modules written on the bus (responsible gaming).
    const fresh = EVENT_NAMES.filter((n) => !Object.values(LEGACY_EVENT_NAMES).includes(n));
    expect(fresh).toEqual([
      'realtime.push_requested',
      'auth.logged_in',
      'responsible_gaming.limit_changed',
      'responsible_gaming.restricted',
      'responsible_gaming.session_ended',
      'responsible_gaming.national_list_hit',
      'promotions.cashback_claimed',
      'promotions.cashback_released',
      'missions.mission_updated',
      'missions.mission_created',
      'promotions.bonus_updated',
      'vip.level_up',
      'sports.bet_placed',
      'sports.bet_settled',
      'boxes.box_granted',
    ]);
  });

  it('refuses money that is not whole centavos, naming the event', () => {
    const e = { name: 'wallet.balance_updated', tenantId: 1, userId: 7, payload: { balance: 10.5, bonus: 0 } };
    expect(() => parseDomainEvent(e as never)).toThrow(/wallet\.balance_updated/);
  });
});
