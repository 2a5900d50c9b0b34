import { type Command, flag, int, type Parsed, table, tenantOfHost, UsageError } from '../../../platform/ops';
import { findTenantByHost, setTenantSettings } from '../../tenants/index';
import { findSettings, saveSettings } from './keys';
import { BetbyStandin } from './standin';

const ENABLE = 'betby:enable --host H [--brand-id ID] [--theme NAME] [--widget-url URL] [--key-file PEM] [--off]';
const PLAY =
  'betby:play --host H --user ID --stake CENTAVOS [--odds 2.5] [--outcome win|cashout|lost|refund|discard] [--url http://127.0.0.1:3000]';
const OUTCOMES = ['win', 'cashout', 'lost', 'refund', 'discard'] as const;
const BETS = 'betby:bets --host H [--user ID] [--status open|won|lost|refunded|discarded] [--limit N]';
const STATUSES = ['open', 'won', 'lost', 'refunded', 'discarded'];

const opt = (args: Parsed, name: string) => {
  const v = args.flags[name];
  return typeof v === 'string' && v ? v : undefined;
};

/** The Betby adapter's operator commands: switch a tenant to Betby's widget, and play a betslip as Betby would. */
export const BETBY_COMMANDS: Record<string, Command> = {
  'betby:enable': {
    usage: ENABLE,
    summary:
      "Switch a tenant's sportsbook to Betby's widget (or back with --off); without --key-file, Betby's callbacks are verified with the local stand-in's key",
    async run({ db }, args) {
      const host = flag(args, 'host', ENABLE).toLowerCase();
      const tenantId = await tenantOfHost(db, args, ENABLE, findTenantByHost);
      if (args.flags.off === true) {
        await setTenantSettings(db, { host, assignments: ['betby.active=false'] });
        return `${host}: Betby off, the native sportsbook serves /sportsbook`;
      }
      const brand = opt(args, 'brand-id') ?? 'sorte-demo';
      const theme = opt(args, 'theme') ?? 'default';
      const keyFile = opt(args, 'key-file');
      let pem: string;
      if (keyFile) {
        const fs = await import('node:fs');
        pem = fs.readFileSync(keyFile, 'utf8');
      } else pem = (await BetbyStandin.load(db)).publicPem;
      await saveSettings(db, { tenantId, betbyPublicKey: pem, widgetUrl: opt(args, 'widget-url') ?? null });
      await setTenantSettings(db, {
        host,
        assignments: [
          'betby.active=true',
          `betby.brand_id=${JSON.stringify(brand)}`,
          `betby.theme_name=${JSON.stringify(theme)}`,
        ],
      });
      return `${host}: Betby on (brand ${brand}, theme ${theme}); callbacks verified with ${keyFile ? keyFile : "the stand-in's key"}; our public key: http://${host}/api/betby/public-key.pem`;
    },
  },
  'betby:bets': {
    usage: BETS,
    summary: "A tenant's Betby bets, newest first: stake, status, payout, settlement version and Betby's ids",
    async run({ db }, args) {
      const tenantId = await tenantOfHost(db, args, BETS, findTenantByHost);
      const status = opt(args, 'status');
      if (status && !STATUSES.includes(status)) throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
      const user = opt(args, 'user') ? int(args, 'user', BETS, 1) : null;
      const limit = opt(args, 'limit') ? int(args, 'limit', BETS, 1) : 50;
      const { rows } = await db.query<Record<string, string | number | boolean>>(
        `select id, user_id as user, bet_tx_id as betby_tx, amount as stake, odds, legs, committed, status, payout,
            settlement_version as version, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as created
          from betby_bets where tenant_id = $1 and ($2::bigint is null or user_id = $2)
            and ($3::text is null or status = $3)
          order by id desc limit $4`,
        [tenantId, user, status ?? null, Math.min(limit, 1000)],
      );
      return table(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)]))));
    },
  },
  'betby:play': {
    usage: PLAY,
    summary:
      'Play one betslip as Betby: signed bet/make, commit and settlement callbacks over HTTP to a running server',
    async run({ db }, args) {
      const host = flag(args, 'host', PLAY).toLowerCase();
      const tenantId = await tenantOfHost(db, args, PLAY, findTenantByHost);
      if (!(await findSettings(db, tenantId)))
        throw new UsageError(`${host} has no Betby settings: run betby:enable first`);
      const outcome = (opt(args, 'outcome') ?? 'win') as (typeof OUTCOMES)[number];
      if (!OUTCOMES.includes(outcome))
        throw new UsageError(`--outcome must be one of ${OUTCOMES.join(', ')}\nusage: ${PLAY}`);
      const odds = Number(opt(args, 'odds') ?? '2');
      if (!Number.isFinite(odds) || odds < 1 || odds > 10_000)
        throw new UsageError(`--odds must be a decimal >= 1\nusage: ${PLAY}`);
      const standin = await BetbyStandin.load(db);
      const steps = await standin.play(
        { url: opt(args, 'url') ?? 'http://127.0.0.1:3000', host },
        { userId: int(args, 'user', PLAY, 1), stake: int(args, 'stake', PLAY, 1), odds, outcome },
      );
      return steps.map((s) => `${s.step}: HTTP ${s.reply.status} ${JSON.stringify(s.reply.body)}`).join('\n');
    },
  },
};
