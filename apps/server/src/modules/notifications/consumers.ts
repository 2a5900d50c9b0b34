import { type DomainEventOf, type EventName, grantedUserBox, type UserBox, type UserBoxSource } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { type Consumer, defineConsumer, type HandlerContext } from '../../platform/events/index';
import { broadcast } from '../../platform/realtime/index';
import { sendPush } from '../push/index';
import { channels } from '../realtime/index';
import { findTenantById } from '../tenants/index';
import * as repo from './repo';
import { toItem } from './service';

type Lang = 'pt' | 'en';
type Text = { title: string; description: string; url: string; img?: string; userBox?: UserBox };

const money = (centavos: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en', { style: 'currency', currency: 'BRL' }).format(centavos / 100);

const WITHDRAWAL_TEXT: Record<number, Record<Lang, [string, string]>> = {
  0: {
    pt: ['Saque pendente', 'Seu saque voltou para a fila e será processado em breve.'],
    en: ['Withdrawal pending', 'Your withdrawal is back in the queue and will be processed soon.'],
  },
  1: {
    pt: ['Saque pago', 'Seu saque foi pago na sua chave PIX.'],
    en: ['Withdrawal paid', 'Your withdrawal was paid to your PIX key.'],
  },
  2: {
    pt: ['Saque cancelado', 'Seu saque foi cancelado e o valor voltou para o seu saldo.'],
    en: ['Withdrawal cancelled', 'Your withdrawal was cancelled and the amount is back in your balance.'],
  },
  3: {
    pt: ['Chave PIX inválida', 'Não foi possível pagar seu saque nessa chave PIX. O valor voltou para o seu saldo.'],
    en: ['Invalid PIX key', 'Your withdrawal could not be paid to that PIX key. The amount is back in your balance.'],
  },
  4: {
    pt: ['Saque em processamento', 'Seu saque está sendo pago.'],
    en: ['Withdrawal processing', 'Your withdrawal is being paid.'],
  },
  5: {
    pt: ['Saque em análise', 'Seu saque está em análise pela nossa equipe.'],
    en: ['Withdrawal under review', 'Your withdrawal is being reviewed by our team.'],
  },
};

const DOCUMENT_TEXT: Record<'approved' | 'rejected', Record<Lang, [string, string]>> = {
  approved: {
    pt: ['Documento aprovado', 'Seu documento foi aprovado.'],
    en: ['Document approved', 'Your document was approved.'],
  },
  rejected: {
    pt: ['Documento recusado', 'Seu documento foi recusado. Envie-o novamente.'],
    en: ['Document rejected', 'Your document was rejected. Please send it again.'],
  },
};

const BOX_SOURCE: Record<Exclude<UserBoxSource, 'purchase'>, Record<Lang, string>> = {
  mission: { pt: 'Missão concluída', en: 'Mission complete' },
  vip: { pt: 'Novo nível VIP', en: 'New VIP level' },
  operator: { pt: 'Presente do cassino', en: 'A gift from the casino' },
};

/** What the player reads for each event, in the player's language. */
const TEXTS: { [N in EventName]?: (e: DomainEventOf<N>, lang: Lang) => Text | null } = {
  'payments.deposit_approved': (e, lang) => ({
    title: lang === 'pt' ? 'Depósito aprovado' : 'Deposit approved',
    description:
      lang === 'pt'
        ? `Seu depósito de ${money(e.payload.amount, lang)} foi creditado.`
        : `Your deposit of ${money(e.payload.amount, lang)} was credited.`,
    url: '/',
  }),
  'payments.deposit_refunded': (e, lang) => ({
    title: lang === 'pt' ? 'Depósito devolvido' : 'Deposit refunded',
    description:
      lang === 'pt'
        ? `Seu pagamento de ${money(e.payload.amount, lang)} foi devolvido: o PIX precisa sair de uma conta no seu CPF.`
        : `Your payment of ${money(e.payload.amount, lang)} was sent back: the PIX must come from an account in your CPF.`,
    url: '/',
  }),
  'payments.withdrawal_updated': (e, lang) => {
    const t = WITHDRAWAL_TEXT[e.payload.status]?.[lang];
    if (!t) return null;
    const reason = e.payload.reason ? ` ${e.payload.reason}` : '';
    return { title: t[0], description: `${t[1]}${reason}`, url: '/' };
  },
  'kyc.document_reviewed': (e, lang) => {
    const t = DOCUMENT_TEXT[e.payload.status][lang];
    const reason = e.payload.status === 'rejected' && e.payload.reason ? ` ${e.payload.reason}` : '';
    return { title: t[0], description: `${t[1]}${reason}`, url: '/' };
  },
  'promotions.cashback_released': (e, lang) => ({
    title: lang === 'pt' ? 'Cashback disponível' : 'Cashback available',
    description:
      lang === 'pt'
        ? `Seu cashback de ${money(e.payload.amount, lang)} está disponível. Resgate em Bônus.`
        : `Your cashback of ${money(e.payload.amount, lang)} is available. Claim it on the Bonus page.`,
    url: '/bonus',
  }),
  'responsible_gaming.national_list_hit': (e, lang) =>
    e.payload.notice
      ? {
          title: lang === 'pt' ? 'Autoexclusão nacional' : 'National self-exclusion',
          description: e.payload.notice[lang],
          url: '/responsible-gambling',
        }
      : null,
  // The box rides along (user_box), so opening the notification later shows the same reward modal as the live push.
  'boxes.box_granted': (e, lang) => {
    if (e.payload.source === 'purchase') return null;
    const box = grantedUserBox(e.payload, { at: e.createdAt, lang });
    return {
      title: lang === 'pt' ? 'Você ganhou uma caixa!' : 'You won a box!',
      description:
        lang === 'pt'
          ? `${BOX_SOURCE[e.payload.source].pt}: ${box.title} já está em Minhas caixas. Abra quando quiser.`
          : `${BOX_SOURCE[e.payload.source].en}: ${box.title} is waiting in My boxes. Open it whenever you like.`,
      url: '/account/boxes',
      img: box.image,
      userBox: box,
    };
  },
  'vip.level_up': (e, lang) => ({
    title: e.payload.title[lang],
    description: e.payload.description[lang],
    url: '/user',
  }),
};

/**
 * Writes the player's notification in the delivery's transaction (so it is in the list exactly once per event),
 * then, once committed, sends it live (NotificationSent, the toast) and as web push.
 */
async function notifyPlayer(db: Db, e: DomainEventOf, ctx: HandlerContext) {
  const userId = e.userId;
  if (userId === null) return;
  const text = TEXTS[e.name] as ((e: DomainEventOf, lang: Lang) => Text | null) | undefined;
  const lang = await languageOf(ctx.tx, e.tenantId, userId);
  const t = lang ? text?.(e, lang) : null;
  if (!t) return;
  const tenant = await findTenantById(ctx.tx, e.tenantId);
  if (!tenant) return;
  const row = await repo.insert(ctx.tx, {
    tenantId: e.tenantId,
    userId,
    title: t.title,
    description: t.description,
    img: t.img ?? null,
    url: t.url,
    pinnedMinutes: 0,
    userBox: t.userBox ?? null,
  });
  // An account notification arrives live as a toast and waits unread in the list; the one-at-a-time modal is for
  // the operator's announcements and must not cover a round the player is in the middle of.
  await repo.markViewed(ctx.tx, e.tenantId, userId, row.id);
  const item = toItem(row, tenant.settings.timezone);
  ctx.afterCommit(async () => {
    await broadcast(e.tenantId, channels.user(userId), 'NotificationSent', { notification: item });
    await sendPush(db, {
      tenantId: e.tenantId,
      userId,
      payload: { title: t.title, body: t.description.slice(0, 300), url: t.url, icon: t.img ?? null, id: row.id },
    });
  });
}

async function languageOf(sql: Sql, tenantId: number, userId: number): Promise<Lang | null> {
  const { rows } = await sql.query<{ language: Lang }>('select language from users where tenant_id = $1 and id = $2', [
    tenantId,
    userId,
  ]);
  return rows[0]?.language ?? null;
}

/**
 * Withdrawal status changes, KYC decisions, approved deposits and refunds, and the notice to a player the national
 * self-exclusion list names, a VIP level reached and a box granted, become the player's notifications.
 */
export function notificationsConsumer(db: Db): Consumer {
  const handle = (e: DomainEventOf, ctx: HandlerContext) => notifyPlayer(db, e, ctx);
  return defineConsumer({
    name: 'notifications',
    handlers: {
      'payments.deposit_approved': handle,
      'payments.deposit_refunded': handle,
      'payments.withdrawal_updated': handle,
      'kyc.document_reviewed': handle,
      'responsible_gaming.national_list_hit': handle,
      'vip.level_up': handle,
      'promotions.cashback_released': handle,
      'boxes.box_granted': handle,
    },
  });
}
