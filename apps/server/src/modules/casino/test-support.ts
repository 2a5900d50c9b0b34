import type { FastifyInstance } from 'fastify';
import { client, type Registered, registerPlayer } from '../../test/accounts';
import * as wallet from '../ledger/index';

let seq = 0;

/** A registered player with `cents` of cash, credited through the wallet service as a deposit would be. */
export async function fundedPlayer(app: FastifyInstance, cents: number): Promise<Registered & { id: number }> {
  const p = await registerPlayer(app);
  const id = Number(p.user.id);
  const tenantId = await demoTenantId(app);
  if (cents > 0)
    await app.db.transaction((tx) =>
      wallet.credit(tx, {
        tenantId,
        userId: id,
        amount: cents,
        type: 'deposit',
        idempotencyKey: `test:deposit:${id}:${++seq}`,
        reference: 'test deposit',
      }),
    );
  return { ...p, id };
}

export async function demoTenantId(app: FastifyInstance): Promise<number> {
  const { rows } = await app.db.query<{ tenant_id: number }>(
    "select tenant_id from tenant_hosts where host = 'localhost'",
  );
  return rows[0]!.tenant_id;
}

export async function cashOf(app: FastifyInstance, userId: number): Promise<number> {
  const b = await wallet.getBalance(app.db, { tenantId: await demoTenantId(app), userId });
  return b.cash;
}

export async function gameByCode(app: FastifyInstance, code: string): Promise<{ id: number; game_id: string }> {
  const res = await client(app).get(`/api/casinos/games?searchTerm=${encodeURIComponent(code)}`);
  const g = (res.json().data as { id: number; gamecode: string; game_id: string }[]).find((x) => x.gamecode === code);
  if (!g) throw new Error(`no game ${code}`);
  return g;
}
