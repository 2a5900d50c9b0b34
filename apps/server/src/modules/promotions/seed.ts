import type { Db } from '../../platform/db/index';
import { findTenantByHost } from '../tenants/index';
import { createOffer } from './offers';
import { bonusPolicy } from './policies';
import * as repo from './repo';

/**
 * The demo tenant's welcome offer, once: a first-deposit match of 100% up to R$ 500,00 with 30x wagering of the
 * bonus in 30 days, redeemed with the coupon BEMVINDO. Only when the demo tenant has no offer yet and its rules
 * allow one (the regulated demo tenant gets none).
 */
export async function seedDemoPromotions(db: Db, host = 'localhost'): Promise<number | null> {
  const tenant = await findTenantByHost(db, host);
  if (!tenant || !bonusPolicy(tenant.settings).preBetKinds.includes('deposit_match')) return null;
  if ((await repo.listOffers(db, tenant.id)).length > 0) return null;
  const offer = await createOffer(db, tenant, {
    kind: 'deposit_match',
    name: 'Bônus de boas-vindas: 100% até R$ 500',
    nameEn: 'Welcome bonus: 100% up to R$ 500',
    termsPt:
      'No seu primeiro depósito via PIX com o cupom BEMVINDO, dobramos o valor: 100% do depósito em bônus, até R$ 500,00. ' +
      'Aposte 30 vezes o valor do bônus em até 30 dias para converter o saldo de bônus em dinheiro. Apostas acima de R$ 25,00 não contam. ' +
      'Um saque com o bônus ativo cancela o bônus.',
    termsEn:
      'On your first PIX deposit with the coupon BEMVINDO, we double it: 100% of the deposit as bonus, up to R$ 500.00. ' +
      'Wager 30 times the bonus within 30 days to turn the bonus balance into cash. Bets above R$ 25.00 do not count. ' +
      'Withdrawing while the bonus is active forfeits it.',
    percent: 100,
    maxBonus: 50_000,
    minDeposit: 2_000,
    wagering: 30,
    wageringBase: 'bonus',
    maxBet: 2_500,
    days: 30,
    newPlayersOnly: true,
  });
  await repo.insertCoupon(db, {
    tenant_id: tenant.id,
    code: 'BEMVINDO',
    offer_id: offer.id,
    max_uses: null,
    starts_at: null,
    ends_at: null,
    listed: true,
  });
  return offer.id;
}
