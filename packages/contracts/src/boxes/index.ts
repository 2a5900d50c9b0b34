import { z } from 'zod';
import { Int, IsoTime, localized, paginated, replies, reply } from '../http';
import { Centavos } from '../money';
import { IdempotencyHeaders } from '../originals/bets';

/**
 * Mystery boxes (spec sections 1, 2, 3, 7): a tenant's boxes, each sold at its published version's price with a
 * published prize table. A prize owns a ticket range on 1..BOX_TICKETS; an opening draws ticket = 1 + int(BOX_TICKETS)
 * on the player's Sorte Originals seed pair at its next nonce. Box and prize replies carry their list in `data`.
 * Money in centavos.
 */

export const BOX_TICKETS = 100_000;
export const BOX_MAX_QUANTITY = 5;
/** The RTP a publishable prize table must have (inclusive), as a fraction of the price. */
export const BOX_RTP_MIN = 0.5;
export const BOX_RTP_MAX = 0.99;

export const BOX_PRIZE_KINDS = ['cash', 'bonus', 'free_spins', 'collectible'] as const;
export type BoxPrizeKind = (typeof BOX_PRIZE_KINDS)[number];

export const BOX_RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type BoxRarity = (typeof BOX_RARITIES)[number];

export const USER_BOX_SOURCES = ['purchase', 'mission', 'vip', 'operator'] as const;
export type UserBoxSource = (typeof USER_BOX_SOURCES)[number];

export const USER_BOX_STATUSES = ['unopened', 'opened', 'sold'] as const;
export const USER_PRIZE_STATUSES = ['credited', 'granted', 'kept', 'sold'] as const;
export type UserPrizeStatus = (typeof USER_PRIZE_STATUSES)[number];

const Bilingual = reply({ pt: z.string(), en: z.string() });

export const BoxPrize = reply({
  id: Int,
  name: z.string().describe('In the request language.'),
  names: Bilingual,
  kind: z.enum(BOX_PRIZE_KINDS),
  rarity: z.enum(BOX_RARITIES),
  value: Centavos.describe('Cash credited, the offer’s worth, or a collectible’s sell-back value.'),
  probability: z.number().describe('A fraction of 1: (ticket_to - ticket_from + 1) / 100,000, exact.'),
  multiplier: z.number().describe('value / price, rounded to 2 decimals.'),
  tickets: reply({ from: Int, to: Int }),
  image: z.string().nullable(),
});
export type BoxPrize = z.infer<typeof BoxPrize>;

export const BoxSummary = reply({
  id: Int,
  box_id: Int.describe('The same as id (the spec reads either).'),
  name: z.string().describe('The box in URLs: /casino/box/{name}.'),
  title: z.string().describe('In the request language.'),
  titles: Bilingual,
  description: z.string(),
  image: z.string(),
  version: Int.describe('The published version sold now.'),
  price: Centavos,
  sell_price: Centavos.describe('What an unopened box is bought back for (0: cannot be sold).'),
  rtp: z.number().describe('Sum of probability x value / price, a fraction of 1 (0.9312 = 93.12%).'),
  top_prizes: z.array(BoxPrize).describe('The three most valuable prizes.'),
  prize_count: Int,
});
export type BoxSummary = z.infer<typeof BoxSummary>;

/** GET /api/boxes/all: the tenant's published boxes. */
export const BoxesAllReply = reply({ data: z.array(BoxSummary) });
export type BoxesAllReply = z.infer<typeof BoxesAllReply>;
export const boxesAllCall = { response: replies({ 200: BoxesAllReply }) };

/** GET /api/boxes/get/{id}/prizes: {id} is the box's id or its name. */
export const BoxRefParams = z.object({ id: z.string().min(1).max(60) });
export const BoxPrizesReply = reply({ data: z.array(BoxPrize), box: BoxSummary });
export type BoxPrizesReply = z.infer<typeof BoxPrizesReply>;
export const boxPrizesCall = { params: BoxRefParams, response: replies({ 200: BoxPrizesReply }) };

export const UserBox = reply({
  id: Int,
  box_id: Int,
  name: z.string(),
  title: z.string(),
  image: z.string(),
  version: Int,
  source: z.enum(USER_BOX_SOURCES),
  status: z.enum(USER_BOX_STATUSES),
  price_paid: Centavos,
  sell_price: Centavos.describe('What selling it now pays (0 when it cannot be sold, e.g. a granted box).'),
  created_at: IsoTime,
});
export type UserBox = z.infer<typeof UserBox>;

const quantityMessage = localized({ pt: 'Escolha de 1 a 5 caixas.', en: 'Choose 1 to 5 boxes.' });
const boxIdMessage = localized({ pt: 'Escolha uma caixa.', en: 'Choose a box.' });
const idMessage = localized({ pt: 'Item inválido.', en: 'Invalid item.' });
const pageMessage = localized({ pt: 'Página inválida.', en: 'Invalid page.' });

const page = z
  .string({ error: pageMessage })
  .regex(/^\d{1,5}$/, { error: pageMessage })
  .optional()
  .transform((p) => (p ? Math.max(1, Number(p)) : 1));

/** GET /api/boxes/user/get?status=unopened|opened|sold&page=: the player's boxes, newest first, 20 a page. */
export const UserBoxesQuery = z.object({ status: z.enum(USER_BOX_STATUSES).optional(), page });
export const UserBoxesReply = paginated(UserBox);
export type UserBoxesReply = z.infer<typeof UserBoxesReply>;
export const userBoxesCall = { querystring: UserBoxesQuery, response: replies({ 200: UserBoxesReply }) };

const BoxIdField = z.number({ error: boxIdMessage }).int({ error: boxIdMessage }).positive({ error: boxIdMessage });
const Quantity = z
  .number({ error: quantityMessage })
  .int({ error: quantityMessage })
  .min(1, { error: quantityMessage })
  .max(BOX_MAX_QUANTITY, { error: quantityMessage })
  .default(1);

/** POST /api/boxes/buy {box_id, quantity?} (Idempotency-Key header required): one debit for all of them. */
export const BuyBoxBody = z.object({ box_id: BoxIdField, quantity: Quantity });
export const BuyBoxReply = reply({
  data: z.array(UserBox).describe('The boxes bought, unopened.'),
  amount: Centavos.describe('What was debited.'),
  balance: Centavos.describe('Cash balance after the purchase.'),
});
export type BuyBoxReply = z.infer<typeof BuyBoxReply>;
export const buyBoxCall = {
  headers: IdempotencyHeaders,
  body: BuyBoxBody,
  response: replies({ 200: BuyBoxReply, 201: BuyBoxReply }),
};

export const BoxFairness = reply({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: Int,
  server_seed: z.string().nullable().describe('Once the pair was rotated; null while it is in use.'),
});

export const UserPrize = reply({
  id: Int,
  prize_id: Int,
  box_id: Int,
  box_name: z.string(),
  box_title: z.string(),
  name: z.string(),
  kind: z.enum(BOX_PRIZE_KINDS),
  rarity: z.enum(BOX_RARITIES),
  image: z.string().nullable(),
  value: Centavos,
  status: z.enum(USER_PRIZE_STATUSES).describe('credited (cash), granted (offer), kept (can be sold), sold.'),
  sellable: z.boolean(),
  won_at: IsoTime,
  sold_at: IsoTime.nullable(),
  opening_id: Int,
});
export type UserPrize = z.infer<typeof UserPrize>;

export const BoxOpening = reply({
  id: Int,
  user_box_id: Int,
  box_id: Int,
  version: Int,
  ticket: Int.describe('1..100,000.'),
  prize: BoxPrize,
  item: UserPrize,
  bet: Centavos,
  fairness: BoxFairness,
  created_at: IsoTime,
});
export type BoxOpening = z.infer<typeof BoxOpening>;

/** POST /api/boxes/open {box_id, quantity?}: opens that many of the player's unopened boxes of that box, oldest first. */
export const OpenBoxBody = z.object({ box_id: BoxIdField, quantity: Quantity });
export const OpenBoxReply = reply({
  data: z.array(BoxOpening),
  balance: Centavos.describe('Cash balance after any cash prize.'),
});
export type OpenBoxReply = z.infer<typeof OpenBoxReply>;
export const openBoxCall = { body: OpenBoxBody, response: replies({ 200: OpenBoxReply }) };

const IdField = z.number({ error: idMessage }).int({ error: idMessage }).positive({ error: idMessage });

/** POST /api/boxes/sell {id}: an unopened box at its sell-back price. */
export const SellBoxBody = z.object({ id: IdField });
export const SellReply = reply({
  data: reply({ id: Int, amount: Centavos.describe('What was credited.') }),
  balance: Centavos,
});
export type SellReply = z.infer<typeof SellReply>;
export const sellBoxCall = { body: SellBoxBody, response: replies({ 200: SellReply }) };

/** GET /api/prizes/user?status=&page=: the prizes the player won, newest first, 20 a page. */
export const UserPrizesQuery = z.object({ status: z.enum(USER_PRIZE_STATUSES).optional(), page });
export const UserPrizesReply = paginated(UserPrize);
export type UserPrizesReply = z.infer<typeof UserPrizesReply>;
export const userPrizesCall = { querystring: UserPrizesQuery, response: replies({ 200: UserPrizesReply }) };

/** POST /api/prizes/sell {id}: a kept prize at its sell-back value, once. */
export const SellPrizeBody = z.object({ id: IdField });
export const sellPrizeCall = { body: SellPrizeBody, response: replies({ 200: SellReply }) };

/** GET /api/boxes/openings/{id}: one opening's receipt (the player's own). */
export const BoxOpeningParams = z.object({ id: z.string().regex(/^\d{1,15}$/) });
export const BoxOpeningReply = reply({ data: BoxOpening });
export const boxOpeningCall = { params: BoxOpeningParams, response: replies({ 200: BoxOpeningReply }) };

// ---- Events and realtime ---------------------------------------------------------------------------------------

export const BOXES_EVENT_PAYLOADS = {
  /** A box was given to the player (mission, VIP level, operator): a notification and NotifyNewUserBox follow. */
  'boxes.box_granted': z.object({
    user_box_id: z.number().int().positive(),
    box_id: z.number().int().positive(),
    name: z.string(),
    titles: z.object({ pt: z.string(), en: z.string() }),
    image: z.string(),
    source: z.enum(USER_BOX_SOURCES),
    /** The box version granted (the consumers build the UserBox from the payload alone). */
    version: z.number().int().positive().optional(),
  }),
} as const;

/** NotifyNewUserBox on the player's channel: the box granted, as GET /boxes/user/get lists it. */
export const NotifyNewUserBox = UserBox;

/**
 * The UserBox a boxes.box_granted event announces, in the player's language, as GET /boxes/user/get lists it then:
 * unopened, nothing paid and nothing to sell it back for (a granted box cannot be sold).
 */
export function grantedUserBox(
  p: z.infer<(typeof BOXES_EVENT_PAYLOADS)['boxes.box_granted']>,
  o: { at: Date; lang: 'pt' | 'en' },
): UserBox {
  return {
    id: p.user_box_id,
    box_id: p.box_id,
    name: p.name,
    title: p.titles[o.lang],
    image: p.image,
    version: p.version ?? 1,
    source: p.source,
    status: 'unopened',
    price_paid: 0,
    sell_price: 0,
    created_at: o.at.toISOString(),
  };
}
