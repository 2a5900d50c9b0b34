import type { BoxPrizeKind, BoxRarity } from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { findTenantByHost } from '../tenants/index';
import { findBox } from './catalog';
import { type BoxSpec, createBox, publishBox } from './catalog-service';

/*
 * The demo tenants' three boxes. Each table is designed by ticket counts (out of 100,000) so the RTP is a round,
 * exact figure; docs/boxes.md lists the tables. The most common prizes pay under the price, about a third of the
 * openings land on a collectible worth more than it, and the rarest prize is 100x the price.
 */

const DEMO_BOX_HOSTS = ['localhost', 'regulado.localhost'];

type DemoPrize = {
  pt: string;
  en: string;
  kind: BoxPrizeKind;
  value: number;
  tickets: number;
  rarity: BoxRarity;
  image: string;
};

type DemoBox = Omit<BoxSpec, 'prizes'> & { prizes: DemoPrize[] };

const cash = (value: number, tickets: number, rarity: BoxRarity): DemoPrize => {
  const reais = (value / 100).toLocaleString('pt-BR');
  return {
    pt: `R$ ${reais}`,
    en: `R$ ${reais}`,
    kind: 'cash',
    value,
    tickets,
    rarity,
    image: `/static/boxes/cash-${rarity}.svg`,
  };
};

export const DEMO_BOXES: DemoBox[] = [
  {
    name: 'caixa-bronze',
    titles: { pt: 'Caixa Bronze', en: 'Bronze Box' },
    descriptions: {
      pt: 'A caixa de entrada: prêmios a partir de R$ 2 e uma chance de R$ 500 (100x).',
      en: 'The starter box: prizes from R$ 2 and a shot at R$ 500 (100x).',
    },
    image: '/static/boxes/caixa-bronze.svg',
    price: 500,
    sell_price: 400,
    sort: 1,
    prizes: [
      cash(200, 31_920, 'common'),
      cash(400, 32_165, 'common'),
      {
        pt: 'Trevo de Bronze',
        en: 'Bronze Clover',
        kind: 'collectible',
        value: 600,
        tickets: 30_000,
        rarity: 'uncommon',
        image: '/static/boxes/clover.svg',
      },
      cash(1_000, 5_000, 'uncommon'),
      cash(2_500, 800, 'rare'),
      cash(10_000, 100, 'epic'),
      cash(50_000, 15, 'legendary'),
    ],
  },
  {
    name: 'caixa-prata',
    titles: { pt: 'Caixa Prata', en: 'Silver Box' },
    descriptions: {
      pt: 'Prêmios a partir de R$ 10, a Ferradura de Prata e uma chance de R$ 2.500 (100x).',
      en: 'Prizes from R$ 10, the Silver Horseshoe and a shot at R$ 2,500 (100x).',
    },
    image: '/static/boxes/caixa-prata.svg',
    price: 2_500,
    sell_price: 2_000,
    sort: 2,
    prizes: [
      cash(1_000, 52_100, 'common'),
      cash(2_000, 11_950, 'uncommon'),
      {
        pt: 'Ferradura de Prata',
        en: 'Silver Horseshoe',
        kind: 'collectible',
        value: 3_000,
        tickets: 25_000,
        rarity: 'uncommon',
        image: '/static/boxes/horseshoe.svg',
      },
      cash(5_000, 8_000, 'uncommon'),
      cash(10_000, 2_500, 'rare'),
      cash(25_000, 400, 'epic'),
      cash(100_000, 40, 'epic'),
      cash(250_000, 10, 'legendary'),
    ],
  },
  {
    name: 'caixa-ouro',
    titles: { pt: 'Caixa Ouro', en: 'Gold Box' },
    descriptions: {
      pt: 'Prêmios a partir de R$ 40, a Coroa de Ouro e uma chance de R$ 10.000 (100x).',
      en: 'Prizes from R$ 40, the Golden Crown and a shot at R$ 10,000 (100x).',
    },
    image: '/static/boxes/caixa-ouro.svg',
    price: 10_000,
    sell_price: 8_000,
    sort: 3,
    prizes: [
      cash(4_000, 34_464, 'common'),
      cash(8_000, 29_518, 'common'),
      {
        pt: 'Coroa de Ouro',
        en: 'Golden Crown',
        kind: 'collectible',
        value: 12_000,
        tickets: 30_000,
        rarity: 'rare',
        image: '/static/boxes/crown.svg',
      },
      cash(25_000, 5_000, 'rare'),
      cash(50_000, 900, 'epic'),
      cash(200_000, 90, 'epic'),
      cash(500_000, 20, 'legendary'),
      cash(1_000_000, 8, 'legendary'),
    ],
  },
];

/** A demo box as an operator's spec: ticket counts laid out as consecutive ranges from 1. */
export function demoBoxSpec(d: DemoBox): BoxSpec {
  let from = 1;
  const prizes = d.prizes.map((p) => {
    const tickets: [number, number] = [from, from + p.tickets - 1];
    from += p.tickets;
    return { names: { pt: p.pt, en: p.en }, kind: p.kind, value: p.value, tickets, rarity: p.rarity, image: p.image };
  });
  return { ...d, prizes };
}

/**
 * The demo tenants' three boxes, each created and published once (a box already there, by name, is left alone,
 * whatever its state: the operator may have revised or retired it). Several servers starting at once take turns.
 */
export async function seedDemoBoxes(db: Db): Promise<void> {
  for (const host of DEMO_BOX_HOSTS) {
    const tenant = await findTenantByHost(db, host);
    if (!tenant) continue;
    await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1, $2)', [7_315_028, tenant.id]);
      for (const d of DEMO_BOXES) {
        if (await findBox(tx, tenant.id, d.name)) continue;
        const saved = await createBox(tx, tenant.id, demoBoxSpec(d));
        await publishBox(tx, tenant.id, saved.id);
      }
    });
  }
}
