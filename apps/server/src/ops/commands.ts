import { ADMIN_COMMANDS } from '../modules/admin/index';
import { BOXES_COMMANDS, boxGrantProblem, findBox, grantBox } from '../modules/boxes/index';
import { CASINO_COMMANDS } from '../modules/casino/ops';
import { CHAT_COMMANDS } from '../modules/chat/ops';
import { KYC_COMMANDS } from '../modules/kyc/ops';
import { LEDGER_COMMANDS } from '../modules/ledger/ops';
import { MISSIONS_COMMANDS } from '../modules/missions/ops';
import { NOTIFICATION_COMMANDS } from '../modules/notifications/ops';
import { PAYMENT_COMMANDS } from '../modules/payments/ops';
import { CASHBACK_COMMANDS } from '../modules/promotions/cashback/ops';
import { grantOffer, offerRewardProblem } from '../modules/promotions/index';
import { PROMOTIONS_COMMANDS } from '../modules/promotions/ops';
import { PROVIDER_COMMANDS } from '../modules/providers/ops';
import { REALTIME_COMMANDS } from '../modules/realtime/ops';
import { REFERRALS_COMMANDS } from '../modules/referrals/ops';
import { RESPONSIBLE_GAMING_COMMANDS } from '../modules/responsible-gaming/ops';
import { SPORTS_COMMANDS } from '../modules/sports/index';
import { addTenantHost, createTenant, listTenants, setTenantSettings } from '../modules/tenants/service';
import { useVipBoxes, useVipOffers } from '../modules/vip/index';
import { VIP_COMMANDS } from '../modules/vip/ops';
import { AppError } from '../platform/errors';
import { type Command, flag as need, type OpsContext, parseArgs, table, UsageError } from '../platform/ops';
import { EVENTS_COMMANDS } from './events';

// The CLI composes modules as app.ts does: a VIP ladder's offer rewards are checked (and granted) by promotions,
// its box rewards by boxes.
useVipOffers({ grant: grantOffer, check: offerRewardProblem });
useVipBoxes({
  grant: (tx, o) => grantBox(tx, { ...o, source: 'vip' }),
  check: (sql, o) => boxGrantProblem(sql, o.tenantId, o.boxId),
  find: (sql, o) => findBox(sql, o.tenantId, o.ref),
});

export type { Command, OpsContext, Parsed } from '../platform/ops';
export { parseArgs, table, UsageError } from '../platform/ops';

/** Operator commands. Later modules add theirs here; every command validates fully before it writes. */
export const COMMANDS: Record<string, Command> = {
  'tenant:list': {
    usage: 'tenant:list',
    summary: 'list tenants with their hosts',
    async run({ db }) {
      const tenants = await listTenants(db);
      return table(
        tenants.map((t) => ({
          id: t.id,
          name: t.name,
          active: t.active,
          revision: t.revision,
          regulated: t.settings.is_regulated,
          hosts: t.hosts.join(','),
        })),
      );
    },
  },
  'tenant:show': {
    usage: 'tenant:show --host H',
    summary: "print a tenant's settings as JSON",
    async run({ db }, args) {
      const host = need(args, 'host', this.usage);
      const t = (await listTenants(db)).find((x) => x.hosts.includes(host.toLowerCase()));
      if (!t) throw new AppError('not_found', `no tenant is served from ${host}`);
      return JSON.stringify(
        { id: t.id, name: t.name, active: t.active, hosts: t.hosts, settings: t.settings },
        null,
        2,
      );
    },
  },
  'tenant:create': {
    usage: 'tenant:create --host H --name N',
    summary: 'create a tenant served from host H, with default settings',
    async run({ db }, args) {
      const t = await createTenant(db, { host: need(args, 'host', this.usage), name: need(args, 'name', this.usage) });
      return `created tenant ${t.id} "${t.name}" on ${t.hosts.join(', ')}`;
    },
  },
  'tenant:set': {
    usage: 'tenant:set --host H key=value [key=value ...]   (values are JSON: name=\'"Nova"\' active=false)',
    summary: 'change settings; all validated together, nothing written on any error',
    async run({ db }, args) {
      const t = await setTenantSettings(db, { host: need(args, 'host', this.usage), assignments: args.positional });
      return `tenant ${t.id} updated to revision ${t.revision}`;
    },
  },
  'tenant:add-host': {
    usage: 'tenant:add-host --host H --add NEW_HOST [--primary]',
    summary: 'serve the tenant of host H from NEW_HOST too',
    async run({ db }, args) {
      const t = await addTenantHost(db, {
        tenantHost: need(args, 'host', this.usage),
        newHost: need(args, 'add', this.usage),
        primary: args.flags.primary === true,
      });
      return `tenant ${t.id} hosts: ${t.hosts.join(', ')}`;
    },
  },
  ...EVENTS_COMMANDS,
  ...CHAT_COMMANDS,
  ...NOTIFICATION_COMMANDS,
  ...REALTIME_COMMANDS,
  ...LEDGER_COMMANDS,
  ...PAYMENT_COMMANDS,
  ...KYC_COMMANDS,
  ...CASINO_COMMANDS,
  ...RESPONSIBLE_GAMING_COMMANDS,
  ...CASHBACK_COMMANDS,
  ...PROMOTIONS_COMMANDS,
  ...MISSIONS_COMMANDS,
  ...PROVIDER_COMMANDS,
  ...VIP_COMMANDS,
  ...SPORTS_COMMANDS,
  ...BOXES_COMMANDS,
  ...ADMIN_COMMANDS,
  ...REFERRALS_COMMANDS,
};

export function helpText(): string {
  return [
    'usage: npm run ops -- <command> [options]',
    '',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}\n      ${c.summary}`),
  ].join('\n');
}

export type OpsResult = { ok: boolean; output: string };

/** The answer to a command line that needs no database (help, an unknown command), or null for a real command. */
export function answerWithoutDatabase(argv: string[]): OpsResult | null {
  const [name] = argv;
  if (!name || name === 'help' || name === '--help') return { ok: true, output: helpText() };
  if (!Object.hasOwn(COMMANDS, name)) return { ok: false, output: `unknown command "${name}"\n\n${helpText()}` };
  return null;
}

/** Runs one command line. Errors come back as text for the operator, never as a stack trace. */
export async function runCommand(ctx: OpsContext, argv: string[]): Promise<OpsResult> {
  const early = answerWithoutDatabase(argv);
  if (early) return early;
  const [name, ...rest] = argv;
  const cmd = COMMANDS[name!]!;
  try {
    return { ok: true, output: await cmd.run(ctx, parseArgs(rest)) };
  } catch (err) {
    if (err instanceof UsageError) return { ok: false, output: err.message };
    if (err instanceof AppError) {
      const body = err.toBody('en');
      const detail = body.errors
        ? `\n${Object.entries(body.errors)
            .map(([k, v]) => `  ${k}: ${v.join('; ')}`)
            .join('\n')}`
        : '';
      return { ok: false, output: `error: ${err.message}${detail}\nnothing was written.` };
    }
    throw err;
  }
}
