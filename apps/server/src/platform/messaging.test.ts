import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode } from '../test/accounts';
import { testApp, testDb } from '../test/helpers';
import { listOutbox, MessagingRegistry, outboxProvider, smtpProvider } from './messaging';

type Received = { from: string; to: string[]; data: string };
const received: Received[] = [];
let smtp: SMTPServer;
let port = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => {
        data += c.toString();
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe('messaging', () => {
  it('delivers e-mail over SMTP', async () => {
    const provider = smtpProvider({ url: `smtp://127.0.0.1:${port}`, from: 'Sorte <no-reply@sorte.test>' });
    await provider.send({
      tenantId: 1,
      channel: 'email',
      to: 'player@example.com',
      subject: 'Seu código: 123456',
      body: 'Olá! Seu código é 123456.',
      fromName: 'Sorte Demo',
    });
    provider.close();
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(['player@example.com']);
    expect(mail.from).toBe('no-reply@sorte.test');
    expect(mail.data).toContain('Sorte Demo');
    expect(mail.data).toMatch(/^Subject: .*123456/m);
    expect(mail.data).toContain('123456.');
  });

  it('routes each channel to its provider; the outbox keeps what it "sends"', async () => {
    const db = await testDb();
    try {
      await db.exec(`create table tenants (id bigint primary key); insert into tenants values (1);
        create table message_outbox (id bigint generated always as identity primary key, tenant_id bigint not null,
          channel text not null, recipient text not null, subject text, body text not null, code text,
          created_at timestamptz not null default now())`);
      const sent: string[] = [];
      const registry = new MessagingRegistry()
        .register(outboxProvider(db))
        .register({ id: 'fake-email', channels: ['email'], send: async (m) => void sent.push(m.to) });
      await registry.send({
        tenantId: 1,
        channel: 'sms',
        to: '+5511987654321',
        subject: null,
        body: 'oi 123456',
        code: '123456',
      });
      await registry.send({ tenantId: 1, channel: 'email', to: 'a@b.co', subject: 's', body: 'b' });
      expect(sent).toEqual(['a@b.co']);
      const box = await listOutbox(db, 1, null);
      expect(box).toHaveLength(1);
      expect(box[0]).toMatchObject({ to: '+5511987654321', channel: 'sms', code: '123456' });
      expect(() =>
        new MessagingRegistry().register({ id: 'x', channels: ['sms'], send: async () => {} }, ['email']),
      ).toThrow();
    } finally {
      await db.close();
    }
  });

  it('sends the registration code by SMTP when SMTP_URL is set', async () => {
    const app = await testApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const email = `smtp${Date.now()}@example.com`;
      const r = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-code',
        headers: { host: 'localhost' },
        payload: { email },
      });
      expect(r.statusCode).toBe(200);
      const mail = received.find((m) => m.to.includes(email));
      expect(mail).toBeDefined();
      expect(mail!.data).toMatch(/\d{6}/);
      // E-mail went out by SMTP, not into the outbox.
      await expect(lastCode(app, email)).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});
