import type { FastifyInstance } from 'fastify';
import type PusherJs from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../ops/commands';
import { connected, listen, pusherClient, tenantKey, waitFor } from '../../platform/realtime/test-support';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { createTenant } from '../tenants/index';
import { cleanText, isEmojiOnly } from './service';

let app: FastifyInstance;
let port: number;
let key: string;
const clients: PusherJs[] = [];

beforeAll(async () => {
  app = await testApp();
  port = await listen(app);
  ({ key } = await tenantKey(app, '127.0.0.1'));
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await app?.close();
});

const post = (token: string, payload: unknown, lang = 'pt-BR', host = 'localhost') =>
  app.inject({
    method: 'POST',
    url: '/api/chat/messages',
    headers: { host, authorization: `Bearer ${token}`, 'accept-language': lang },
    payload: payload as object,
  });

describe('chat', () => {
  it('announces a new mission open to everyone in the room, live and in the list, once; a VIP mission stays quiet', async () => {
    const pusher = pusherClient({ port, key });
    clients.push(pusher);
    await connected(pusher);
    const got: { message: { type: string; text: string; mission: { id: number; title: string } | null } }[] = [];
    pusher.subscribe('chat.30').bind('App\\Events\\MessageSent', (d: (typeof got)[number]) => got.push(d));
    await waitFor(() => pusher.channel('chat.30').subscribed);

    const create = (...extra: string[]) =>
      runCommand({ db: app.db }, [
        'mission:create',
        ...['--host', '127.0.0.1', '--name', 'Jogue 5 rodadas no Dice', '--name-en', 'Play 5 Dice rounds'],
        ...['--goal', 'rounds', '--target', '5', '--reward-cash', '200', '--window', 'daily', ...extra],
      ]);
    const created = await create();
    expect(created.ok, created.output).toBe(true);
    const id = Number(created.output.trim());
    await app.events.drain();
    await waitFor(() => got.length === 1);
    // The spec's message types are pinned, global and others; the mission field is what marks an announcement.
    expect(got[0]!.message).toMatchObject({
      type: 'others',
      text: 'Nova missão: Jogue 5 rodadas no Dice',
      mission: { id, title: 'Jogue 5 rodadas no Dice' },
    });
    const listed = (await client(app, { host: '127.0.0.1' }).get('/api/chat/messages')).json().messages;
    expect(listed.filter((m: { mission: { id: number } | null }) => m.mission?.id === id)).toHaveLength(1);

    expect((await create('--audience', 'vip', '--vip-min', '3', '--vip-max', '9')).ok).toBe(true);
    await app.events.drain();
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toHaveLength(1);
  });

  it('posts a message that arrives live on chat.30 and is listed with amountBet', async () => {
    const p = await registerPlayer(app);
    const pusher = pusherClient({ port, key });
    clients.push(pusher);
    await connected(pusher);
    const got: { message: { text: string } }[] = [];
    pusher.subscribe('chat.30').bind('App\\Events\\MessageSent', (d: { message: { text: string } }) => got.push(d));
    await waitFor(() => pusher.channel('chat.30').subscribed);

    const res = await post(p.token, { text: '  Boa sorte a todos! <b>oi</b> ' });
    expect(res.statusCode).toBe(201);
    const m = res.json().message;
    expect(m).toMatchObject({ text: 'Boa sorte a todos! <b>oi</b>', type: 'global', user: { name: 'Maria S.' } });
    expect(m.colorClass).toBe('chat-vip-0');
    await waitFor(() => got.length === 1);
    expect(got[0]!.message.text).toBe('Boa sorte a todos! <b>oi</b>');

    const list = await client(app, { token: p.token }).get('/api/chat/messages?limit=5');
    expect(list.statusCode).toBe(200);
    expect(list.json().amountBet).toBe(0);
    expect(list.json().messages.at(-1).id).toBe(m.id);
    const guestList = await client(app).get('/api/chat/messages');
    expect(guestList.statusCode).toBe(200);
  });

  it('refuses guests, empty, too long and bad attachments with localized 422s in pt and en', async () => {
    expect((await client(app).post('/api/chat/messages', { text: 'oi' })).statusCode).toBe(401);
    const p = await registerPlayer(app);
    let res = await post(p.token, { text: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.text).toEqual(['Digite uma mensagem.']);
    res = await post(p.token, { text: 'x'.repeat(281) }, 'en');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.text).toEqual(['A message can have at most 280 characters.']);
    res = await post(p.token, { text: 'x'.repeat(281) });
    expect(res.json().errors.text).toEqual(['A mensagem pode ter no máximo 280 caracteres.']);
    res = await post(p.token, {
      text: 'oi',
      attachments: [{ attachment_type: 'image', attachment_url: 'javascript:alert(1)' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.attachments[0]).toMatch(/https/);
    res = await post(p.token, { text: 123 }, 'en');
    expect(res.json().errors.text).toEqual(['The message must be text.']);
    // 280 emoji code points are fine (length is counted in characters, not UTF-16 units).
    res = await post(p.token, {
      text: '🎰'.repeat(280),
      attachments: [{ type: 'gif', url: 'https://media.example/x.gif' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatchObject({
      emoji: true,
      attachments: [{ attachment_type: 'gif', attachment_url: 'https://media.example/x.gif' }],
    });
  });

  it('rate limits a player (one message every 2 s)', async () => {
    const p = await registerPlayer(app);
    expect((await post(p.token, { text: 'um' })).statusCode).toBe(201);
    const res = await post(p.token, { text: 'dois' }, 'en');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/too fast/);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('applies the tenant minimum-wager rule', async () => {
    const t = await createTenant(app.db, { name: 'Chat Min', host: 'chatmin.test' });
    await app.db.query(`update tenants set settings = settings || '{"chat_min_wager": 5000}'::jsonb where id = $1`, [
      t.id,
    ]);
    app.tenants.invalidate();
    const p = await registerPlayer(app, { host: 'chatmin.test' });
    const res = await post(p.token, { text: 'oi' }, 'pt-BR', 'chatmin.test');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Para conversar no chat, aposte pelo menos R$ 50,00.');
    await app.db.query('update player_wagers set total_bet = 5000 where tenant_id = $1', [t.id]);
    expect((await post(p.token, { text: 'oi' }, 'pt-BR', 'chatmin.test')).statusCode).toBe(201);
  });

  it('lets operators mute, pin and delete through the ops commands', async () => {
    const p = await registerPlayer(app);
    const id = p.user.id as number;
    const muted = await runCommand({ db: app.db }, [
      'chat:mute',
      '--host',
      'localhost',
      '--user',
      String(id),
      '--minutes',
      '30',
    ]);
    expect(muted.ok).toBe(true);
    let res = await post(p.token, { text: 'oi' }, 'en');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^You are muted in the chat until /);
    await runCommand({ db: app.db }, ['chat:mute', '--host', 'localhost', '--user', String(id), '--minutes', '0']);
    res = await post(p.token, { text: 'mensagem fixada' });
    expect(res.statusCode).toBe(201);
    const msgId = res.json().message.id as number;

    const pinned = await runCommand({ db: app.db }, [
      'chat:pin',
      '--host',
      'localhost',
      '--id',
      String(msgId),
      '--minutes',
      '60',
    ]);
    expect(pinned.output).toMatch(/pinned until/);
    let list = (await client(app).get('/api/chat/messages?limit=1')).json().messages as { id: number; type: string }[];
    expect(list.find((m) => m.id === msgId)?.type).toBe('pinned');

    const del = await runCommand({ db: app.db }, ['chat:delete', '--host', 'localhost', '--id', String(msgId)]);
    expect(del.ok).toBe(true);
    list = (await client(app).get('/api/chat/messages?limit=100')).json().messages;
    expect(list.some((m) => m.id === msgId)).toBe(false);
    expect((await runCommand({ db: app.db }, ['chat:delete', '--host', 'localhost', '--id', String(msgId)])).ok).toBe(
      false,
    );
  });

  it('cleans text and recognises emoji-only messages', () => {
    expect(cleanText('a\u202eb\u0000c\r\n\n\n\nd')).toBe('abc\n\nd');
    expect(isEmojiOnly('🎉 👨‍👩‍👧')).toBe(true);
    expect(isEmojiOnly('oi 🎉')).toBe(false);
    expect(isEmojiOnly('123')).toBe(false);
  });
});
