import type { BoxPrize, BoxSummary, Locale } from '@sorte/contracts';
import { boxProbability, boxRtp, toNumber } from '@sorte/fairness';
import type { BoxVersion, PrizeRow } from './catalog';

/** The language a box or prize is shown in: English for the en locale, Portuguese otherwise. */
export type BoxLang = 'pt' | 'en';
export const boxLang = (l: Locale | BoxLang | undefined): BoxLang => (l === 'en' ? 'en' : 'pt');

/** multiplier = value / price, to 2 decimals (a display figure; the probability and RTP are exact). */
function multiplierOf(value: number, price: number): number {
  return Math.round((value * 100) / price) / 100;
}

/** A prize of a version as the player sees it: probability exact from its ticket range, multiplier of the price. */
export function prizeView(p: PrizeRow, price: number, lang: BoxLang): BoxPrize {
  return {
    id: p.id,
    name: p.names[lang] || p.names.pt,
    names: { pt: p.names.pt, en: p.names.en },
    kind: p.kind,
    rarity: p.rarity,
    value: p.value,
    probability: toNumber(boxProbability({ from: p.ticket_from, to: p.ticket_to })),
    multiplier: multiplierOf(p.value, price),
    tickets: { from: p.ticket_from, to: p.ticket_to },
    image: p.image,
  };
}

/** The RTP of a version as a fraction of 1: fixed at publish (rtp_e6); a draft's is computed from its table. */
export function versionRtp(v: BoxVersion): number {
  if (v.version.rtp_e6 !== null) return v.version.rtp_e6 / 1_000_000;
  const table = v.prizes.map((p) => ({ from: p.ticket_from, to: p.ticket_to, value: p.value }));
  return Math.round(toNumber(boxRtp(table, v.version.price)) * 1_000_000) / 1_000_000;
}

/** A box at one version, as GET /api/boxes/all lists it: price, RTP and its three most valuable prizes. */
export function boxSummary(v: BoxVersion, lang: BoxLang): BoxSummary {
  const price = v.version.price;
  const top = [...v.prizes].sort((a, b) => b.value - a.value || a.ticket_from - b.ticket_from).slice(0, 3);
  return {
    id: v.box.id,
    box_id: v.box.id,
    name: v.box.name,
    title: v.box.titles[lang] || v.box.titles.pt,
    titles: { pt: v.box.titles.pt, en: v.box.titles.en },
    description: v.box.descriptions[lang] ?? v.box.descriptions.pt ?? '',
    image: v.box.image,
    version: v.version.version,
    price,
    sell_price: v.version.sell_price,
    rtp: versionRtp(v),
    top_prizes: top.map((p) => prizeView(p, price, lang)),
    prize_count: v.prizes.length,
  };
}
