import type { Db } from '../../platform/db/index';
import type { Tenant } from '../../platform/tenancy';
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
  await seedDemoFreeSpins(db, tenant);
  if ((await repo.listOffers(db, tenant.id)).some((o) => o.kind === 'deposit_match')) return null;
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

/**
 * The demo's free spins, once (also on a demo database seeded before free spins existed): the coupon GIROS10 gives
 * 10 free spins of R$ 0,50 on the sandbox slot Tigre da Fortuna; what they win is bonus money to wager 20 times in
 * 7 days. Only where the tenant's rules allow free spins and the slot is in its catalog.
 */
async function seedDemoFreeSpins(db: Db, tenant: Tenant): Promise<void> {
  if (!bonusPolicy(tenant.settings).preBetKinds.includes('free_spins')) return;
  if (await repo.findCoupon(db, tenant.id, 'GIROS10')) return;
  if ((await repo.freeSpinsGames(db, tenant.id, ['tigre-da-fortuna'])).size === 0) return;
  const offer = await createOffer(db, tenant, {
    kind: 'free_spins',
    name: '10 giros grátis no Tigre da Fortuna',
    nameEn: '10 free spins on Tigre da Fortuna',
    termsPt:
      'Com o cupom GIROS10 você ganha 10 giros grátis de R$ 0,50 no Tigre da Fortuna, sem pagar nada. ' +
      'Os ganhos dos giros vão para o saldo de bônus; depois do último giro, aposte 20 vezes esses ganhos em até 7 dias ' +
      'para convertê-los em dinheiro. Um saque com o bônus ativo cancela o bônus e os giros que faltarem.',
    termsEn:
      'With the coupon GIROS10 you get 10 free spins of R$ 0.50 on Tigre da Fortuna, at no cost. ' +
      'What the spins win goes to your bonus balance; after the last spin, wager 20 times those winnings within 7 ' +
      'days to turn them into cash. Withdrawing while the bonus is active forfeits it and any spins left.',
    freeSpins: 10,
    freeSpinsGame: 'tigre-da-fortuna',
    freeSpinsBet: 50,
    wagering: 20,
    wageringBase: 'bonus',
    days: 7,
  });
  await repo.insertCoupon(db, {
    tenant_id: tenant.id,
    code: 'GIROS10',
    offer_id: offer.id,
    max_uses: null,
    starts_at: null,
    ends_at: null,
    listed: true,
  });
}
