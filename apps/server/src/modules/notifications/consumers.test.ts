import type { FastifyInstance } from 'fastify';
import type PusherJs from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../ops/commands';
import { createEventBus, defineConsumer, publish, readConsumerStatus } from '../../platform/events/index';
import { connected, listen, pusherClient, tenantKey, waitFor } from '../../platform/realtime/test-support';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import * as wallet from '../ledger/index';
import { realtimeConsumer } from '../realtime/index';
import { notificationsConsumer } from './index';

let app: FastifyInstance;
let port: number;
let key: string;
let tenantId: number;
const clients: PusherJs[] = [];

beforeAll(async () => {
  app = await testApp();
  port = await listen(app);
  ({ key, tenantId } = await tenantKey(app, '127.0.0.1'));
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await app?.close();
});

const ops = (...argv: string[]) => runCommand({ db: app.db }, argv);

type Item = { id: number; title: string; description: string; type: string; read: boolean };

async function player(o: { lang?: 'pt' | 'en' } = {}) {
  const r = await registerPlayer(app, { host: '127.0.0.1' });
  const id = Number(r.user.id);
  await app.db.query(
    'update users set email_verified_at = now(), phone_verified_at = now(), language = $2 where id = $1',
    [id, o.lang ?? 'pt'],
  );
  const c = client(app, { token: r.token, host: '127.0.0.1' });
  const list = async (): Promise<Item[]> => (await c.get('/api/notifications')).json().data;
  return { ...r, id, c, list };
}

/** Live NotificationSent frames on the player's private channel. */
async function listen_(p: { token: string; id: number }) {
  const pusher = pusherClient({ port, key, token: p.token });
  clients.push(pusher);
  await connected(pusher);
  const got: { notification: Item }[] = [];
  pusher.subscribe(`private-user.${p.id}`).bind('App\\Events\\NotificationSent', (d: { notification: Item }) => {
    got.push(d);
  });
  await waitFor(() => (pusher.channel(`private-user.${p.id}`)?.subscribed ? true : undefined));
  return got;
}

async function documentOf(userId: number, type = 'id_front'): Promise<number> {
  const { rows } = await app.db.query<{ id: number }>(
    `insert into kyc_documents (tenant_id, user_id, type, storage_key, content_type, size)
      select tenant_id, id, $2, 'kyc/x.png', 'image/png', 1 from users where id = $1 returning id`,
    [userId, type],
  );
  return Number(rows[0]!.id);
}

describe('notifications from domain events', () => {
  it('a player whose document is approved gets a notification: in the list and live', async () => {
    const p = await player();
    const live = await listen_(p);
    const doc = await documentOf(p.id);
    expect((await ops('kyc:approve', String(doc))).ok).toBe(true);
    const sent = await waitFor(() => live.find((d) => d.notification.title === 'Documento aprovado'), 5000);
    expect(sent.notification).toMatchObject({ type: 'personal', description: 'Seu documento foi aprovado.' });
    const list = await p.list();
    expect(list.filter((n) => n.title === 'Documento aprovado')).toHaveLength(1);
    expect(list[0]!.id).toBe(sent.notification.id);
    // It waits unread in the list, but never pops up as the announcements' modal over a game.
    expect(list[0]).toMatchObject({ read: false });
    expect((await p.c.get('/api/notifications/next-unviewed')).json()).toEqual({ notification: null });
  });

  it('a rejected document is told in the player language, with the reason', async () => {
    const p = await player({ lang: 'en' });
    const doc = await documentOf(p.id, 'selfie');
    expect((await ops('kyc:reject', String(doc), '--reason', 'Blurred photo.')).ok).toBe(true);
    await app.events.drain();
    const list = await p.list();
    expect(list[0]).toMatchObject({
      title: 'Document rejected',
      description: 'Your document was rejected. Please send it again. Blurred photo.',
    });
  });

  it('a withdrawal status change becomes a notification', async () => {
    const p = await player();
    const live = await listen_(p);
    for (const type of ['id_front', 'selfie']) await ops('kyc:approve', String(await documentOf(p.id, type)));
    await app.db.transaction((tx) =>
      wallet.credit(tx, {
        tenantId,
        userId: p.id,
        amount: 10_000,
        type: 'deposit',
        idempotencyKey: `test:notify:${p.id}`,
        reference: 'test deposit',
      }),
    );
    const m = await p.c.post('/api/wallet/withdraw/method', { type: 'email', key: p.email });
    expect(m.statusCode, m.body).toBe(200);
    const methodId = m.json().method.id as number;
    const w = await p.c.post(
      '/api/wallet/withdraw/request',
      { amount: 5_000, method_id: methodId },
      { 'idempotency-key': `w-${p.id}` },
    );
    expect(w.statusCode, w.body).toBe(200);
    const id = w.json().withdrawal.id as number;
    // An operator holds it for review (as a payout the PSP could not make), then rejects it.
    await app.db.query('update withdrawals set status = 5 where id = $1', [id]);
    const rejected = await ops('withdrawal:reject', String(id), '--reason', 'Conta divergente.');
    expect(rejected.ok, rejected.output).toBe(true);
    const sent = await waitFor(() => live.find((d) => d.notification.title === 'Saque cancelado'), 5000);
    // The operator's reason follows the status text, as the withdrawal records it.
    expect(sent.notification.description).toMatch(
      /^Seu saque foi cancelado e o valor voltou para o seu saldo\. .*Conta divergente\.$/,
    );
    expect((await p.list()).filter((n) => n.title === 'Saque cancelado')).toHaveLength(1);
  });

  it('a failing consumer holds back neither the notifications nor the realtime consumer', async () => {
    const p = await player();
    app.realtime.dispatchPaused = true;
    try {
      const broken = defineConsumer({
        name: 'broken',
        handlers: {
          'payments.deposit_approved': async () => {
            throw new Error('broken consumer');
          },
        },
      });
      const bus = createEventBus({
        db: app.db,
        consumers: [broken, notificationsConsumer(app.db), realtimeConsumer],
        retry: { baseDelayMs: 60_000 },
      });
      await bus.drain();
      const live = await listen_(p);
      await app.db.transaction((tx) =>
        publish(tx, {
          name: 'payments.deposit_approved',
          tenantId,
          userId: p.id,
          payload: {
            txid: `tx${p.id}abcdefghijklmnopqrstu`,
            amount: 2_500,
            balance: 2_500,
            bonus: 0,
            deposit_count: 1,
          },
        }),
      );
      await bus.drain();
      const list = await p.list();
      expect(list[0]).toMatchObject({
        title: 'Depósito aprovado',
        description: 'Seu depósito de R$\u00a025,00 foi creditado.',
      });
      await waitFor(() => live.find((d) => d.notification.title === 'Depósito aprovado'), 3000);
      const status = await readConsumerStatus(app.db);
      expect(status.find((s) => s.consumer === 'broken')).toMatchObject({ lagEvents: 0, retrying: 1 });
      expect(status.find((s) => s.consumer === 'notifications')).toMatchObject({ lagEvents: 0, retrying: 0 });
      expect(status.find((s) => s.consumer === 'realtime')).toMatchObject({ lagEvents: 0, retrying: 0 });
      await app.db.query("delete from event_consumers where name = 'broken'");
    } finally {
      app.realtime.dispatchPaused = false;
    }
  });
});
