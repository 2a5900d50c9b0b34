import { AdminChatReply, AdminMuteReply, AdminNotificationSentReply, type StaffRole } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type PusherJs from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, listen, pusherClient, tenantKey, waitFor } from '../../platform/realtime/test-support';
import { registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { demoTenantId } from '../casino/test-support';
import { listAudit } from '../responsible-gaming/index';
import { createTenant } from '../tenants/index';
import { staffCall, type TestStaff, testStaff } from './test-support';

let app: FastifyInstance;
let tenantA: number;
let tenantB: number;
const HOST_B = 'comunidade-b.test';

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  tenantA = await demoTenantId(app);
  tenantB = (await createTenant(app.db, { name: 'Comunidade B', host: HOST_B })).id;
});
const clients: PusherJs[] = [];
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await app.close();
});

const chatPost = (token: string, text: string, host = 'localhost', lang = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: '/api/chat/messages',
    headers: { host, authorization: `Bearer ${token}`, 'accept-language': lang },
    payload: { text },
  });

const staff = (role: StaffRole, tenantId: number | null = tenantA, host = 'localhost') =>
  testStaff(app, role, { tenantId, host });

async function playerMessage(host = 'localhost') {
  const p = await registerPlayer(app, { host });
  const res = await chatPost(p.token, `olá ${Math.random()}`, host);
  expect(res.statusCode, res.body).toBe(201);
  return { player: p, userId: Number(p.user.id), messageId: res.json().message.id as number };
}

const auditOf = async (tenantId: number, action: string) =>
  (await listAudit(app.db, { tenantId, action, limit: 10 })).filter((r) => r.action === action);

describe('chat moderation', () => {
  it('lists the tenant’s recent messages newest first in keyset pages; roles without Chat get 403', async () => {
    await playerMessage();
    await playerMessage();
    const support = await staff('support');
    const first = await staffCall(app, support, 'GET', '/api/admin/chat/messages?limit=1');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = AdminChatReply.parse(first.json());
    expect(page1.data).toHaveLength(1);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = AdminChatReply.parse(
      (await staffCall(app, support, 'GET', `/api/admin/chat/messages?limit=1&cursor=${page1.next_cursor}`)).json(),
    );
    expect(page2.data[0]!.id).toBeLessThan(page1.data[0]!.id);
    for (const role of ['finance', 'kyc', 'trader', 'marketing'] as const) {
      const res = await staffCall(app, await staff(role), 'GET', '/api/admin/chat/messages');
      expect(res.statusCode, role).toBe(403);
    }
    // risk and the auditor read it, but cannot moderate.
    const auditor = await staff('auditor');
    expect((await staffCall(app, auditor, 'GET', '/api/admin/chat/messages')).statusCode).toBe(200);
    expect((await staffCall(app, auditor, 'DELETE', `/api/admin/chat/messages/${page1.data[0]!.id}`)).statusCode).toBe(
      403,
    );
  });

  it('deletes a message (gone from the players’ list, audited with its text) and a tenant B message is 404 for tenant A', async () => {
    const { messageId, userId } = await playerMessage();
    const support = await staff('support');
    const res = await staffCall(app, support, 'DELETE', `/api/admin/chat/messages/${messageId}`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await app.inject({ url: '/api/chat/messages', headers: { host: 'localhost' } })).json().messages;
    expect(listed.some((m: { id: number }) => m.id === messageId)).toBe(false);
    const [row] = await auditOf(tenantA, 'chat.delete');
    expect(row).toMatchObject({ user_id: userId, actor: `staff:${support.id} ${support.email}`, ip: '203.0.113.7' });
    expect(JSON.stringify(row!.before)).toContain('olá');

    const other = await playerMessage(HOST_B);
    const cross = await staffCall(app, support, 'DELETE', `/api/admin/chat/messages/${other.messageId}`);
    expect(cross.statusCode).toBe(404);
    const asking = await staffCall(app, support, 'GET', `/api/admin/chat/messages?tenant=${tenantB}`);
    expect(asking.statusCode).toBe(403);
    const listA = AdminChatReply.parse(
      (await staffCall(app, support, 'GET', '/api/admin/chat/messages?limit=100')).json(),
    );
    expect(listA.data.every((m) => m.tenant_id === tenantA && m.id !== other.messageId)).toBe(true);
    // Platform staff reach tenant B by naming it.
    const platform = await staff('admin', null);
    const listB = AdminChatReply.parse(
      (await staffCall(app, platform, 'GET', `/api/admin/chat/messages?tenant=${tenantB}`)).json(),
    );
    expect(listB.data.map((m) => m.id)).toContain(other.messageId);
  });

  it('pins and unpins a message: players see it pinned', async () => {
    const { messageId } = await playerMessage();
    const support = await staff('support');
    const pin = await staffCall(app, support, 'POST', `/api/admin/chat/messages/${messageId}/pin`, { minutes: 30 });
    expect(pin.statusCode, pin.body).toBe(200);
    expect(pin.json().message.pinned_until).not.toBeNull();
    const seen = (await app.inject({ url: '/api/chat/messages', headers: { host: 'localhost' } })).json().messages;
    expect(seen.find((m: { id: number }) => m.id === messageId).type).toBe('pinned');
    const unpin = await staffCall(app, support, 'POST', `/api/admin/chat/messages/${messageId}/pin`, { minutes: 0 });
    expect(unpin.json().message.pinned_until).toBeNull();
    expect(await auditOf(tenantA, 'chat.unpin')).toHaveLength(1);
    const bad = await staffCall(app, support, 'POST', `/api/admin/chat/messages/${messageId}/pin`, { minutes: -1 });
    expect(bad.statusCode).toBe(422);
  });

  it('a muted player’s messages are refused with the reason in their language until the mute is lifted', async () => {
    const { player, userId } = await playerMessage();
    const support = await staff('support');
    const mute = await staffCall(app, support, 'POST', '/api/admin/chat/mutes', {
      user_id: userId,
      minutes: 60,
      reason: 'Ofensas no chat',
    });
    expect(mute.statusCode, mute.body).toBe(200);
    expect(AdminMuteReply.parse(mute.json()).muted_until).not.toBeNull();
    const pt = await chatPost(player.token, 'de novo');
    expect(pt.statusCode).toBe(403);
    expect(pt.json().message).toMatch(/silenciado no chat até/);
    const en = await chatPost(player.token, 'again', 'localhost', 'en');
    expect(en.json().message).toMatch(/muted in the chat until/);
    expect((await auditOf(tenantA, 'chat.mute'))[0]).toMatchObject({ user_id: userId });

    const lift = await staffCall(app, support, 'POST', '/api/admin/chat/mutes', {
      user_id: userId,
      minutes: 0,
      reason: 'ok',
    });
    expect(lift.json().muted_until).toBeNull();
    await new Promise((r) => setTimeout(r, 2100)); // the chat's own 2-second rate limit
    expect((await chatPost(player.token, 'voltei')).statusCode).toBe(201);

    // A player of another tenant is not found; no reason is a 400 in the caller's language.
    const other = await registerPlayer(app, { host: HOST_B });
    const cross = await staffCall(app, support, 'POST', '/api/admin/chat/mutes', {
      user_id: Number(other.user.id),
      minutes: 5,
      reason: 'x',
    });
    expect(cross.statusCode).toBe(404);
    const noReason = await app.inject({
      method: 'POST',
      url: '/api/admin/chat/mutes',
      headers: { ...support.headers, 'accept-language': 'en' },
      payload: { user_id: userId, minutes: 5 },
    });
    expect(noReason.statusCode).toBe(422);
    expect(JSON.stringify(noReason.json())).toContain('Give the reason');
  });
});

describe('live', () => {
  it('a deleted message leaves open chats at once, a pin moves it, and a notification reaches the player’s channel', async () => {
    const port = await listen(app);
    const { key } = await tenantKey(app, '127.0.0.1');
    const { messageId, player, userId } = await playerMessage();
    const pusher = pusherClient({ port, key, token: player.token });
    clients.push(pusher);
    await connected(pusher);
    const deleted: { id: number }[] = [];
    const sent: { message: { id: number; type: string } }[] = [];
    const notified: { notification: { title: string } }[] = [];
    pusher.subscribe('chat.30').bind('App\\Events\\MessageDeleted', (d: { id: number }) => deleted.push(d));
    pusher.subscribe('chat.30').bind('App\\Events\\MessageSent', (d: (typeof sent)[number]) => sent.push(d));
    pusher
      .subscribe(`private-user.${userId}`)
      .bind('App\\Events\\NotificationSent', (d: (typeof notified)[number]) => notified.push(d));
    await waitFor(() => pusher.channel('chat.30').subscribed && pusher.channel(`private-user.${userId}`)?.subscribed);

    const support = await staff('support');
    const other = await playerMessage();
    await staffCall(app, support, 'POST', `/api/admin/chat/messages/${other.messageId}/pin`, { minutes: 10 });
    await waitFor(() => sent.find((d) => d.message.id === other.messageId && d.message.type === 'pinned'));
    await staffCall(app, support, 'DELETE', `/api/admin/chat/messages/${messageId}`);
    await waitFor(() => deleted.find((d) => d.id === messageId));
    await staffCall(app, support, 'POST', '/api/admin/notifications', {
      audience: { kind: 'player', user_id: userId },
      title: { pt: 'Ao vivo', en: 'Live' },
      body: { pt: 'x', en: 'x' },
    });
    await waitFor(() => notified.find((d) => d.notification.title === 'Ao vivo'));
  });
});

describe('notifications', () => {
  let seg: { id: number; token: string; en: boolean; vip: number }[];
  let marketing: TestStaff;

  beforeAll(async () => {
    // Tenant B's players: VIP levels 0, 2, 3 and 5; one English-speaking.
    seg = [];
    for (const [vip, en] of [
      [0, false],
      [2, false],
      [3, true],
      [5, false],
    ] as const) {
      const p = await registerPlayer(app, { host: HOST_B });
      const id = Number(p.user.id);
      await app.db.query('update users set vip_level = $3, language = $4 where tenant_id = $1 and id = $2', [
        tenantB,
        id,
        vip,
        en ? 'en' : 'pt',
      ]);
      seg.push({ id, token: p.token, en, vip });
    }
    marketing = await testStaff(app, 'marketing', { tenantId: tenantB, host: HOST_B });
  });

  const inbox = async (token: string) =>
    (
      await app.inject({ url: '/api/notifications', headers: { host: HOST_B, authorization: `Bearer ${token}` } })
    ).json().data as { title: string; description: string }[];

  it('a segment (VIP level >= 3) reaches exactly that segment, each player in their language, audited with its size', async () => {
    const res = await staffCall(app, marketing, 'POST', '/api/admin/notifications', {
      audience: { kind: 'vip', min_level: 3 },
      title: { pt: 'Oferta VIP', en: 'VIP offer' },
      body: { pt: 'Só para você', en: 'Just for you' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminNotificationSentReply.parse(res.json()).recipients).toBe(2);
    for (const p of seg) {
      const titles = (await inbox(p.token)).map((n) => n.title);
      if (p.vip >= 3) expect(titles).toContain(p.en ? 'VIP offer' : 'Oferta VIP');
      else expect(titles.filter((t) => t === 'Oferta VIP' || t === 'VIP offer')).toHaveLength(0);
    }
    const [row] = await auditOf(tenantB, 'notification.send');
    expect(row!.after).toMatchObject({ recipients: 2, audience: { kind: 'vip', min_level: 3 } });
    // Tenant A's players got nothing.
    const a = await registerPlayer(app);
    expect(
      (
        await app.inject({
          url: '/api/notifications',
          headers: { host: 'localhost', authorization: `Bearer ${a.token}` },
        })
      )
        .json()
        .data.some((n: { title: string }) => n.title === 'Oferta VIP'),
    ).toBe(false);
  });

  it('one player, everyone, depositors; a player of another tenant is 404; support may send, kyc may not', async () => {
    const one = await staffCall(app, marketing, 'POST', '/api/admin/notifications', {
      audience: { kind: 'player', user_id: seg[0]!.id },
      title: { pt: 'Olá', en: 'Hi' },
      body: { pt: 'Só você', en: 'Only you' },
      url: '/promotion',
    });
    expect(one.json().recipients).toBe(1);
    const all = await staffCall(app, marketing, 'POST', '/api/admin/notifications', {
      audience: { kind: 'everyone' },
      title: { pt: 'Todos', en: 'Everyone' },
      body: { pt: '', en: '' },
    });
    const { rows } = await app.db.query<{ n: number }>('select count(*)::int as n from users where tenant_id = $1', [
      tenantB,
    ]);
    expect(all.json().recipients).toBe(rows[0]!.n);
    const dep = await staffCall(app, marketing, 'POST', '/api/admin/notifications', {
      audience: { kind: 'depositors', days: 7 },
      title: { pt: 'Depósito', en: 'Deposit' },
      body: { pt: 'x', en: 'x' },
    });
    expect(dep.json().recipients).toBe(0);
    const cross = await staffCall(app, await staff('support'), 'POST', '/api/admin/notifications', {
      audience: { kind: 'player', user_id: seg[0]!.id },
      title: { pt: 'x', en: 'x' },
      body: { pt: 'x', en: 'x' },
    });
    expect(cross.statusCode).toBe(404);
    const kyc = await staffCall(app, await staff('kyc'), 'POST', '/api/admin/notifications', {
      audience: { kind: 'everyone' },
      title: { pt: 'x', en: 'x' },
      body: { pt: 'x', en: 'x' },
    });
    expect(kyc.statusCode).toBe(403);
    const noTitle = await staffCall(app, marketing, 'POST', '/api/admin/notifications', {
      audience: { kind: 'everyone' },
      title: { pt: '', en: 'x' },
      body: { pt: 'x', en: 'x' },
    });
    expect(noTitle.statusCode).toBe(422);
  });
});
