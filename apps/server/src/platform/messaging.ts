import nodemailer from 'nodemailer';
import pLimit from 'p-limit';
import type { Sql } from './db/index';

export type Channel = 'sms' | 'email';

export type OutgoingMessage = {
  tenantId: number;
  channel: Channel;
  /** E.164 phone for SMS, address for e-mail. */
  to: string;
  subject: string | null;
  body: string;
  /** The one-time code the message carries, if any: kept by the outbox so the dev tools can show it. */
  code?: string | null;
  /** Sender name shown to the player (the tenant's site name). */
  fromName?: string;
};

/**
 * A way to deliver one message. Implementations: the outbox (default: stores it for /dev/outbox), SMTP for e-mail,
 * and whatever SMS gateway an operator adds. `send` is called after the caller's transaction has committed, never
 * inside it; it throws when delivery failed so the caller can tell the player.
 */
export type MessageProvider = {
  readonly id: string;
  readonly channels: readonly Channel[];
  send(message: OutgoingMessage): Promise<void>;
};

/** The built-in provider: writes the message to `message_outbox`, which a person reads at /dev/outbox. */
export function outboxProvider(sql: Sql): MessageProvider {
  return {
    id: 'outbox',
    channels: ['sms', 'email'],
    async send(m) {
      await sql.query(
        `insert into message_outbox (tenant_id, channel, recipient, subject, body, code)
         values ($1, $2, $3, $4, $5, $6)`,
        [m.tenantId, m.channel, m.to, m.subject, m.body, m.code ?? null],
      );
    },
  };
}

/** E-mail over SMTP (any relay: SES, Postmark, Mailgun, a local MTA) through nodemailer. */
export function smtpProvider(opts: { url: string; from: string }): MessageProvider & { close(): void } {
  const transport = nodemailer.createTransport(opts.url);
  const address = /<([^>]+)>/.exec(opts.from)?.[1] ?? opts.from;
  return {
    id: 'smtp',
    channels: ['email'],
    async send(m) {
      await transport.sendMail({
        from: m.fromName ? { name: m.fromName, address } : opts.from,
        to: m.to,
        subject: m.subject ?? '',
        text: m.body,
      });
    },
    close: () => transport.close(),
  };
}

/** Deliveries that may wait at once for a slow provider; more queue behind them. */
const LATER_IN_FLIGHT = 4;
/** Deliveries queued behind those: beyond this a flood is dropped (and logged) rather than held in memory. */
const LATER_QUEUED_MAX = 10_000;

/** Which provider carries each channel. Registering a provider for a channel replaces the previous one. */
export class MessagingRegistry {
  private readonly byChannel = new Map<Channel, MessageProvider>();
  private readonly later = pLimit(LATER_IN_FLIGHT);
  private readonly underWay = new Set<Promise<void>>();

  /** Told about a delivery of `sendLater` that failed: nobody waits for it, so nobody else would hear. */
  constructor(private readonly onLaterError: (err: unknown) => void = () => {}) {}

  register(provider: MessageProvider, channels: readonly Channel[] = provider.channels): this {
    for (const c of channels) {
      if (!provider.channels.includes(c)) throw new Error(`provider ${provider.id} cannot send ${c}`);
      this.byChannel.set(c, provider);
    }
    return this;
  }

  provider(channel: Channel): MessageProvider {
    const p = this.byChannel.get(channel);
    if (!p) throw new Error(`no message provider for ${channel}`);
    return p;
  }

  send(message: OutgoingMessage): Promise<void> {
    return this.provider(message.channel).send(message);
  }

  /**
   * Fire and forget: `compose` (which may write what the message needs, e.g. a code row, and may find there is
   * nobody to write to) and the delivery run after the caller has replied. Neither how long a provider takes nor
   * whether a message went out at all can show in the reply.
   */
  sendLater(compose: () => Promise<OutgoingMessage | null>): void {
    if (this.later.pendingCount >= LATER_QUEUED_MAX) {
      this.onLaterError(new Error('message queue full: a message was dropped'));
      return;
    }
    const run = async () => {
      // Past the caller's reply, which is written as soon as its handler's promise settles.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const message = await compose();
      if (message) await this.send(message);
    };
    const done: Promise<void> = this.later(run)
      .catch((err: unknown) => this.onLaterError(err))
      .finally(() => this.underWay.delete(done));
    this.underWay.add(done);
  }

  /** Resolves when every `sendLater` delivery has ended, or after `timeoutMs`, whichever comes first. */
  async idle(timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.underWay.size) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(this.underWay),
        new Promise((resolve) => {
          timer = setTimeout(resolve, left);
        }),
      ]);
      clearTimeout(timer);
    }
  }
}

/** The registry the app uses: outbox for everything, SMTP for e-mail when SMTP_URL is set. */
export function createMessaging(
  sql: Sql,
  cfg: { smtpUrl?: string | undefined; mailFrom: string },
  onLaterError?: (err: unknown) => void,
): { messaging: MessagingRegistry; close(): Promise<void> } {
  const messaging = new MessagingRegistry(onLaterError).register(outboxProvider(sql));
  if (!cfg.smtpUrl) return { messaging, close: () => messaging.idle() };
  const smtp = smtpProvider({ url: cfg.smtpUrl, from: cfg.mailFrom });
  messaging.register(smtp);
  return {
    messaging,
    close: async () => {
      await messaging.idle();
      smtp.close();
    },
  };
}

export type OutboxEntry = {
  to: string;
  channel: Channel;
  subject: string | null;
  body: string;
  code: string | null;
  created_at: string;
};

export async function listOutbox(sql: Sql, tenantId: number, to: string | null, limit = 50): Promise<OutboxEntry[]> {
  const { rows } = await sql.query<Omit<OutboxEntry, 'created_at'> & { created_at: Date }>(
    `select recipient as "to", channel, subject, body, code, created_at from message_outbox
      where tenant_id = $1 and ($2::text is null or recipient = $2) order by id desc limit $3`,
    [tenantId, to, limit],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}
