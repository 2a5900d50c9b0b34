import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/index';
import { type PixDeps, sweepExpiredCharges } from './deposits';
import { PSP_REGISTRY } from './psp/registry';
import { type SandboxPsp, startSandboxPsp } from './psp/sandbox';
import { resolveWebhookSecret } from './webhook-secret';
import { processPayouts } from './withdrawals';

export type WalletRuntime = {
  db: Db;
  config: Config;
  pix: PixDeps;
  /** The secret path segment of the PSP webhook URL (PIX_WEBHOOK_SECRET, or the database's own). */
  webhookSecret: string;
  /** The built-in PSP stand-in, when PIX_PSP=sandbox. */
  sandbox: SandboxPsp | null;
  /** Runs the background jobs once: the scheduler's payments job, and tests instead of waiting for it. */
  runJobs(): Promise<void>;
};

const runtimes = new WeakMap<Db, WalletRuntime>();

/** The runtime the API plugin built for this app's database (the /dev/pix page shares it). */
export function runtimeFor(db: Db): WalletRuntime | undefined {
  return runtimes.get(db);
}

/**
 * Builds the PSP client (and starts the sandbox PSP when configured), the webhook registration and the jobs. The
 * sandbox is an HTTP server on 127.0.0.1 and the client reaches it over HTTP, exactly as it would reach a bank.
 */
export async function createWalletRuntime(app: FastifyInstance): Promise<WalletRuntime> {
  const { db, config } = app;
  const webhookSecret = await resolveWebhookSecret(db, config.pix.webhookSecret);
  let sandbox: SandboxPsp | null = null;
  let pspUrl = config.pix.pspUrl;
  if (config.pix.psp === 'sandbox') {
    if (config.env === 'production') app.log.error('PIX_PSP=sandbox in production: deposits go to a stand-in PSP');
    sandbox = await startSandboxPsp({
      db,
      clientId: config.pix.clientId,
      clientSecret: config.pix.clientSecret,
      // The sandbox's DICT: a player's e-mail and phone are keys they registered at their bank (with their CPF).
      dict: async (key) => {
        const { rows } = await db.query<{ cpf: string; first_name: string; last_name: string }>(
          `select cpf, first_name, last_name from users where (email = $1 or phone = $1) and cpf is not null
            order by id limit 1`,
          [key],
        );
        return rows[0] ? { cpf: rows[0].cpf, nome: `${rows[0].first_name} ${rows[0].last_name}` } : null;
      },
    });
    pspUrl = sandbox.url;
  }
  const psp = PSP_REGISTRY.bcb!({
    baseUrl: pspUrl!,
    clientId: config.pix.clientId,
    clientSecret: config.pix.clientSecret,
    key: config.pix.key,
    keyLookup: config.pix.keyLookup,
  });
  let registered: string | null = null;
  const webhookBase = () => {
    if (config.pix.webhookUrl) return config.pix.webhookUrl.replace(/\/$/, '');
    const addr = app.server.address();
    if (!addr || typeof addr === 'string') return null;
    return `http://127.0.0.1:${addr.port}`;
  };
  const ensureWebhook = async () => {
    const base = webhookBase();
    if (!base) return; // not listening (inject-only tests): consult-status still confirms with the PSP
    const url = `${base}/api/pix/webhook/${webhookSecret}`;
    if (registered === url) return;
    await psp.registerWebhook(url);
    registered = url;
  };
  const pix: PixDeps = { db, psp, ensureWebhook };
  let running: Promise<void> | null = null;
  const runJobs = async () => {
    if (running) return running;
    running = (async () => {
      await sweepExpiredCharges(pix);
      await processPayouts({ db, psp, log: app.log });
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const rt: WalletRuntime = {
    db,
    config,
    pix,
    webhookSecret,
    sandbox,
    runJobs,
  };
  // The periodic runs come from the leased scheduler (PAYMENT_JOBS), so one node at a time sweeps and pays out.
  app.addHook('onClose', async () => {
    await running?.catch(() => {});
    await sandbox?.close();
    runtimes.delete(db);
  });
  runtimes.set(db, rt);
  return rt;
}
