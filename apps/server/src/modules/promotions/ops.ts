import type { Db } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { type Command, flag, type Parsed, table, UsageError } from '../../platform/ops';
import { findTenantByHost, findTenantById } from '../tenants/index';
import { brl } from './messages';
import { createOffer, describeOffer, type OfferInput } from './offers';
import * as repo from './repo';
import { cancelBonus, grantByOperator } from './service';
import { createCoupon } from './staff';

async function tenantOf(db: Db, args: Parsed, usage: string) {
  const host = flag(args, 'host', usage).toLowerCase();
  const t = await findTenantByHost(db, host);
  if (!t) throw new UsageError(`no tenant is served from ${host}\nusage: ${usage}`);
  return t;
}

/** An optional flag as a whole number; absent is undefined, anything but digits is refused. */
function optInt(args: Parsed, name: string, usage: string): number | undefined {
  const v = args.flags[name];
  if (v === undefined) return undefined;
  if (v === true || !/^\d{1,12}$/.test(v)) throw new UsageError(`--${name} must be a whole number\nusage: ${usage}`);
  return Number(v);
}
function optNumber(args: Parsed, name: string, usage: string): number | undefined {
  const v = args.flags[name];
  if (v === undefined) return undefined;
  if (v === true || !/^\d{1,6}(\.\d{1,2})?$/.test(v))
    throw new UsageError(`--${name} must be a number\nusage: ${usage}`);
  return Number(v);
}
function optText(args: Parsed, name: string, usage: string): string | undefined {
  const v = args.flags[name];
  if (v === undefined) return undefined;
  if (v === true) throw new UsageError(`--${name} needs a value\nusage: ${usage}`);
  return v;
}
function optDate(args: Parsed, name: string, usage: string): Date | undefined {
  const v = optText(args, name, usage);
  if (v === undefined) return undefined;
  const d = new Date(v);
  if (Number.isNaN(d.getTime()))
    throw new UsageError(`--${name} must be a date (2026-12-01 or ISO 8601)\nusage: ${usage}`);
  return d;
}
/** contributions as slots=100,table=15,live=10,originals=100,other=50 */
function contributionsOf(args: Parsed, usage: string): Record<string, number> | undefined {
  const v = optText(args, 'contributions', usage);
  if (v === undefined) return undefined;
  const out: Record<string, number> = {};
  for (const part of v.split(',')) {
    const m = /^([a-z]+)=(\d{1,3}(?:\.\d{1,2})?)$/.exec(part.trim());
    if (!m) throw new UsageError(`--contributions is category=percent,... (slots=100,table=15)\nusage: ${usage}`);
    out[m[1]!] = Number(m[2]);
  }
  return out;
}

const refuse = (err: unknown) => {
  // The CLI speaks English: a message written in both languages is given in English.
  if (err instanceof AppError && err.status < 500)
    return new UsageError(typeof err.detail === 'object' ? err.detail.en : err.message);
  return err;
};

const OFFER_USAGE =
  'offer:create --host H --name N [--name-en N] --kind deposit_match|no_deposit|free_spins [--percent P --max CENTAVOS] ' +
  '[--amount CENTAVOS] [--spins N --game CODE --bet CENTAVOS] --wagering X [--base bonus|bonus_deposit] [--min-deposit CENTAVOS] ' +
  '[--max-bet CENTAVOS] [--max-conversion CENTAVOS] [--days D] [--contributions slots=100,table=15,...] ' +
  '[--new-players] [--once-per-cpf] [--budget CENTAVOS] [--budget-count N] [--starts DATE] [--ends DATE] ' +
  '[--terms TEXT] [--terms-en TEXT]';

/** The bonus engine's operator commands; merged into the ops COMMANDS table. */
export const PROMOTIONS_COMMANDS: Record<string, Command> = {
  'offer:create': {
    usage: OFFER_USAGE,
    summary: 'define an offer (validated in full, nothing written on any error); prints the new offer id',
    async run({ db }, args) {
      const u = this.usage;
      const t = await tenantOf(db, args, u);
      const input: OfferInput = {
        kind: flag(args, 'kind', u),
        name: flag(args, 'name', u),
        nameEn: optText(args, 'name-en', u),
        termsPt: optText(args, 'terms', u),
        termsEn: optText(args, 'terms-en', u),
        percent: optNumber(args, 'percent', u),
        maxBonus: optInt(args, 'max', u),
        amount: optInt(args, 'amount', u),
        freeSpins: optInt(args, 'spins', u),
        freeSpinsGame: optText(args, 'game', u),
        freeSpinsBet: optInt(args, 'bet', u),
        minDeposit: optInt(args, 'min-deposit', u),
        wagering: optNumber(args, 'wagering', u),
        wageringBase: optText(args, 'base', u),
        maxBet: optInt(args, 'max-bet', u),
        maxConversion: optInt(args, 'max-conversion', u),
        days: optInt(args, 'days', u),
        contributions: contributionsOf(args, u),
        newPlayersOnly: args.flags['new-players'] === true,
        oncePerCpf: args.flags['once-per-cpf'] === true,
        budgetAmount: optInt(args, 'budget', u),
        budgetCount: optInt(args, 'budget-count', u),
        startsAt: optDate(args, 'starts', u),
        endsAt: optDate(args, 'ends', u),
      };
      if (input.wagering === undefined) throw new UsageError(`missing --wagering\nusage: ${u}`);
      const offer = await createOffer(db, t, input).catch((e) => {
        throw refuse(e);
      });
      return String(offer.id);
    },
  },
  'offer:list': {
    usage: 'offer:list --host H',
    summary: "the tenant's offers with their rules, grants and budget",
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const offers = await repo.listOffers(db, t.id);
      return table(
        offers.map((o) => ({
          id: o.id,
          kind: o.kind,
          name: o.name_pt,
          rules: describeOffer(o, 'en'),
          granted: `${o.granted_count} (${brl(o.granted_amount)})`,
          budget:
            o.budget_amount !== null || o.budget_count !== null
              ? `${o.budget_count ?? '-'} / ${o.budget_amount === null ? '-' : brl(o.budget_amount)}`
              : '-',
          live: o.active && (!o.ends_at || o.ends_at > new Date()),
        })),
      );
    },
  },
  'coupon:create': {
    usage: 'coupon:create --host H --code CODE --offer ID [--max-uses N] [--starts DATE] [--ends DATE] [--unlisted]',
    summary: 'a coupon code (case-insensitive) for an offer; each player uses it once',
    async run({ db }, args) {
      const u = this.usage;
      const t = await tenantOf(db, args, u);
      const offerId = optInt(args, 'offer', u);
      if (offerId === undefined) throw new UsageError(`missing --offer\nusage: ${u}`);
      const c = await createCoupon(db, t, {
        code: flag(args, 'code', u),
        offerId,
        maxUses: optInt(args, 'max-uses', u) ?? null,
        startsAt: optDate(args, 'starts', u) ?? null,
        endsAt: optDate(args, 'ends', u) ?? null,
        listed: args.flags.unlisted !== true,
      }).catch((e) => {
        throw refuse(e);
      });
      const offer = c.offer;
      return `coupon ${c.code} (id ${c.id}) for offer ${offer.id} "${offer.name_pt}"`;
    },
  },
  'coupon:list': {
    usage: 'coupon:list --host H',
    summary: "the tenant's coupons with their uses",
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const coupons = await repo.listCoupons(db, t.id);
      return table(
        coupons.map((c) => ({
          id: c.id,
          code: c.code,
          offer: c.offer_id,
          uses: `${c.uses}/${c.max_uses ?? '∞'}`,
          starts: c.starts_at?.toISOString() ?? '-',
          ends: c.ends_at?.toISOString() ?? '-',
          listed: c.listed,
        })),
      );
    },
  },
  'bonus:grant': {
    usage: 'bonus:grant --host H --user ID --offer ID [--amount CENTAVOS (deposit_match)]',
    summary: "give a player an offer's bonus (every rule of a redemption applies); active at once or queued",
    async run({ db }, args) {
      const u = this.usage;
      const t = await tenantOf(db, args, u);
      const userId = optInt(args, 'user', u);
      const offerId = optInt(args, 'offer', u);
      if (userId === undefined || offerId === undefined)
        throw new UsageError(`--user and --offer are required\nusage: ${u}`);
      const b = await grantByOperator(db, { tenant: t, userId, offerId, amount: optInt(args, 'amount', u) }).catch(
        (e) => {
          throw refuse(e);
        },
      );
      if (b.free_spins !== null)
        return `bonus ${b.id}: ${b.free_spins} free spins for player ${b.user_id}, ${b.state} (campaign ${b.free_spins_campaign ?? '-'})`;
      return `bonus ${b.id}: ${brl(b.amount)} for player ${b.user_id}, ${b.state}, wagering ${brl(b.wagering_required)}`;
    },
  },
  'bonus:cancel': {
    usage: 'bonus:cancel ID [--host H]',
    summary: 'cancel an available or active bonus (an active one: its bonus balance returns to promotions)',
    async run({ db }, args) {
      const u = this.usage;
      const raw = args.positional[0];
      if (!raw || !/^\d{1,15}$/.test(raw)) throw new UsageError(`give the bonus id\nusage: ${u}`);
      const tenantId =
        args.flags.host !== undefined ? (await tenantOf(db, args, u)).id : await repo.tenantOfBonus(db, Number(raw));
      if (tenantId === null) throw new UsageError(`no bonus ${raw}`);
      const b = await cancelBonus(db, { tenantId, id: Number(raw) }).catch((e) => {
        throw refuse(e);
      });
      const tenant = await findTenantById(db, b.tenant_id);
      return `bonus ${b.id} of player ${b.user_id} on ${tenant?.primaryHost ?? b.tenant_id}: ${b.state}`;
    },
  },
};
