import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers';
import { MAX_CHANNELS_PER_CONNECTION } from './protocol';
import { listen, type RawClient, rawClient, tenantKey, waitFor } from './test-support';

const PER_ADDRESS = 3;
const QUERY = 'protocol=7&client=js&version=8.6.0';

let app: FastifyInstance;
let port: number;
let key: string;
/** The same limits, but no trusted proxy: X-Forwarded-For must not let a client pick its address. */
let direct: FastifyInstance;
let directPort: number;
const open: RawClient[] = [];

beforeAll(async () => {
  [app, direct] = await Promise.all([
    testApp({ realtimeMaxConnectionsPerIp: PER_ADDRESS }),
    testApp({ realtimeMaxConnectionsPerIp: PER_ADDRESS, trustedProxies: [] }),
  ]);
  port = await listen(app);
  directPort = await listen(direct);
  ({ key } = await tenantKey(app, '127.0.0.1'));
});
afterAll(async () => {
  for (const c of open) c.ws.close();
  await Promise.all([app?.close(), direct?.close()]);
});

/** A raw protocol client from `address` (the test connects through loopback, a trusted proxy by default). */
function from(address: string | null, p = port): RawClient {
  const c = rawClient(p, key, '127.0.0.1', QUERY, address ? { 'x-forwarded-for': address } : {});
  open.push(c);
  return c;
}

async function established(c: RawClient) {
  await c.next('pusher:connection_established');
}

async function refusedOverCapacity(c: RawClient) {
  expect(JSON.parse((await c.next('pusher:error')).data)).toMatchObject({ code: 4100 });
  expect((await c.closed).code).toBe(4100);
}

describe('channels per connection', () => {
  it(`refuses subscribe number ${MAX_CHANNELS_PER_CONNECTION + 1} with a LimitReached subscription_error and keeps the socket`, async () => {
    expect(MAX_CHANNELS_PER_CONNECTION).toBe(100);
    const c = from(null);
    await established(c);
    for (let i = 0; i < MAX_CHANNELS_PER_CONNECTION; i++) c.send('pusher:subscribe', { channel: `cap.${i}` });
    await waitFor(
      () => c.frames.filter((f) => f.event === 'pusher_internal:subscription_succeeded').length === 100,
      10_000,
    );
    c.send('pusher:subscribe', { channel: 'cap.100' });
    const err = await c.next('pusher:subscription_error');
    expect(err.channel).toBe('cap.100');
    expect(JSON.parse(err.data)).toMatchObject({ type: 'LimitReached', status: 4100 });
    // Subscribing again to a channel it is on is not a new channel.
    c.frames.length = 0;
    c.send('pusher:subscribe', { channel: 'cap.5' });
    expect((await c.next('pusher_internal:subscription_succeeded')).channel).toBe('cap.5');
    expect(c.frames.filter((f) => f.event === 'pusher:subscription_error')).toEqual([]);
    // The socket is still served, and leaving a channel makes room for another.
    c.send('pusher:ping', {});
    await c.next('pusher:pong');
    c.send('pusher:unsubscribe', { channel: 'cap.0' });
    c.send('pusher:subscribe', { channel: 'cap.100' });
    expect((await c.next('pusher_internal:subscription_succeeded')).channel).toBe('cap.100');
    c.ws.close();
  });
});

describe('connections per client address', () => {
  it('closes the connection over the cap with 4100, leaves other addresses alone, and frees the slot on close', async () => {
    const mine = Array.from({ length: PER_ADDRESS }, () => from('203.0.113.7'));
    for (const c of mine) await established(c);
    await refusedOverCapacity(from('203.0.113.7'));
    const other = from('203.0.113.8');
    await established(other);
    other.send('pusher:subscribe', { channel: 'chat.30' });
    await other.next('pusher_internal:subscription_succeeded');
    // The sockets that were in are unaffected.
    mine[0]!.send('pusher:ping', {});
    await mine[0]!.next('pusher:pong');

    const before = app.realtime.hub.connectionCount;
    mine[0]!.ws.close();
    await mine[0]!.closed;
    await waitFor(() => app.realtime.hub.connectionCount === before - 1);
    await established(from('203.0.113.7'));
    await refusedOverCapacity(from('203.0.113.7'));
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 address', async () => {
    for (let i = 1; i <= PER_ADDRESS; i++) await established(from(`2001:db8:1:2::${i}`));
    await refusedOverCapacity(from('2001:db8:1:2:ffff::9'));
    await established(from('2001:db8:1:3::1'));
    for (let i = 0; i < PER_ADDRESS; i++) await established(from('198.51.100.4'));
    await refusedOverCapacity(from('::ffff:198.51.100.4'));
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const { key: directKey } = await tenantKey(direct, '127.0.0.1');
    const spoofed = (i: number) => {
      const c = rawClient(directPort, directKey, '127.0.0.1', QUERY, { 'x-forwarded-for': `192.0.2.${i}` });
      open.push(c);
      return c;
    };
    for (let i = 1; i <= PER_ADDRESS; i++) await established(spoofed(i));
    await refusedOverCapacity(spoofed(PER_ADDRESS + 1));
  });
});
