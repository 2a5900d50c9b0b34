import type { ProductReportReply, ProductReportRow, RtpReportReply, RtpRow, StatsProduct } from '@sorte/contracts';
import { ORIGINALS_RTP_BP } from '@sorte/fairness';
import type { Db } from '../../platform/db/index';
import { scopeAndRates } from './dashboard';
import type { StaffMember } from './staff';

/**
 * The reports: play per day or month and product, and realised RTP against theoretical per game and box, from the
 * rollups (admin_daily_play, admin_daily_boxes); game and box names and declared figures from the catalog's small
 * tables. Both have a CSV form.
 */

const n = (v: string | number | null | undefined) => Number(v ?? 0);
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

export async function productReport(
  db: Db,
  staff: StaffMember,
  q: { from: string; to: string; tenant?: number; group?: 'day' | 'month' },
): Promise<ProductReportReply> {
  const { tenant } = await scopeAndRates(db, staff, q.tenant);
  const group = q.group ?? 'day';
  const fmt = group === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const { rows } = await db.query<Record<string, string>>(
    `select to_char(day, '${fmt}') as period, product, sum(rounds)::text as rounds, sum(stakes)::text as stakes,
        sum(wins)::text as wins, sum(cash_stakes)::text as cash_stakes, sum(cash_wins)::text as cash_wins
      from admin_daily_play
      where ($1::bigint is null or tenant_id = $1) and day between $2::date and $3::date
      group by 1, 2 order by 1, 2`,
    [tenant, q.from, q.to],
  );
  const data: ProductReportRow[] = rows.map((r) => {
    const ggr = n(r.cash_stakes) - n(r.cash_wins);
    return {
      period: r.period!,
      product: r.product as StatsProduct,
      rounds: n(r.rounds),
      stakes: n(r.stakes),
      wins: n(r.wins),
      cash_stakes: n(r.cash_stakes),
      cash_wins: n(r.cash_wins),
      ggr,
      hold: ratio(ggr, n(r.cash_stakes)),
    };
  });
  return { from: q.from, to: q.to, group, data };
}

const ORIGINALS_NAMES: Record<string, string> = {
  dice: 'Dice',
  limbo: 'Limbo',
  mines: 'Mines',
  plinko: 'Plinko',
  keno: 'Keno',
  slot: 'Slot',
  crash: 'Crash',
  double: 'Double',
};

export async function rtpReport(
  db: Db,
  staff: StaffMember,
  q: { from: string; to: string; tenant?: number; product?: StatsProduct | 'all' },
): Promise<RtpReportReply> {
  const { tenant } = await scopeAndRates(db, staff, q.tenant);
  const product = q.product ?? 'all';
  const data: RtpRow[] = [];
  if (product !== 'boxes') {
    // Games of casino and originals; sports has no per-game RTP.
    const { rows } = await db.query<Record<string, string | null>>(
      `select p.product, p.game, sum(p.rounds)::text as rounds, sum(p.stakes)::text as stakes,
          sum(p.wins)::text as wins, max(g.title) as title, max(g.rtp_bp)::text as rtp_bp
        from admin_daily_play p
          left join games g on p.product = 'casino' and g.id::text = p.game
        where ($1::bigint is null or p.tenant_id = $1) and p.day between $2::date and $3::date
          and p.product in ('casino', 'originals') and ($4 = 'all' or p.product = $4)
        group by p.product, p.game
        order by p.product, sum(p.stakes) desc, p.game`,
      [tenant, q.from, q.to, product],
    );
    for (const r of rows) {
      const stakes = n(r.stakes);
      const wins = n(r.wins);
      const code = r.game ?? '';
      const theoretical =
        r.product === 'originals'
          ? code in ORIGINALS_RTP_BP
            ? ORIGINALS_RTP_BP[code as keyof typeof ORIGINALS_RTP_BP] / 10_000
            : null
          : r.rtp_bp !== null
            ? n(r.rtp_bp) / 10_000
            : null;
      data.push({
        product: r.product as StatsProduct,
        game: code,
        name: r.product === 'originals' ? (ORIGINALS_NAMES[code] ?? code) : (r.title ?? code),
        rounds: n(r.rounds),
        stakes,
        wins,
        realised_rtp: ratio(wins, stakes),
        theoretical_rtp: theoretical,
      });
    }
  }
  if (product === 'all' || product === 'boxes') {
    // A box's theoretical RTP is its latest published version's, computed at publish.
    const { rows } = await db.query<Record<string, string | null>>(
      `select s.box_id::text, s.openings::text, s.bets::text, s.prize_value::text, coalesce(b.titles->>'pt', b.name) as name,
          (select v.rtp_e6 from box_versions v where v.box_id = s.box_id and v.published_at is not null
            order by v.version desc limit 1)::text as rtp_e6
        from (select box_id, sum(openings) as openings, sum(bets) as bets, sum(prize_value) as prize_value
                from admin_daily_boxes
                where ($1::bigint is null or tenant_id = $1) and day between $2::date and $3::date
                group by box_id) s
          left join boxes b on b.id = s.box_id
        order by s.bets desc, s.box_id`,
      [tenant, q.from, q.to],
    );
    for (const r of rows) {
      const stakes = n(r.bets);
      const wins = n(r.prize_value);
      data.push({
        product: 'boxes',
        game: r.box_id ?? '',
        name: r.name ?? `#${r.box_id}`,
        rounds: n(r.openings),
        stakes,
        wins,
        realised_rtp: ratio(wins, stakes),
        theoretical_rtp: r.rtp_e6 === null ? null : n(r.rtp_e6) / 1_000_000,
      });
    }
  }
  return { from: q.from, to: q.to, data };
}

// ---- CSV -------------------------------------------------------------------------------------------------------

type Lang = 'pt' | 'en';

const PRODUCT_NAMES: Record<Lang, Record<StatsProduct, string>> = {
  pt: { casino: 'Cassino', originals: 'Originais', sports: 'Esportes', boxes: 'Caixas' },
  en: { casino: 'Casino', originals: 'Originals', sports: 'Sportsbook', boxes: 'Mystery boxes' },
};

const PRODUCT_HEADERS: Record<Lang, string[]> = {
  pt: [
    'Período',
    'Produto',
    'Rodadas',
    'Apostas (BRL)',
    'Ganhos (BRL)',
    'Apostas em dinheiro (BRL)',
    'Ganhos em dinheiro (BRL)',
    'GGR (BRL)',
    'Hold (%)',
  ],
  en: [
    'Period',
    'Product',
    'Rounds',
    'Stakes (BRL)',
    'Wins (BRL)',
    'Cash stakes (BRL)',
    'Cash wins (BRL)',
    'GGR (BRL)',
    'Hold (%)',
  ],
};

const RTP_HEADERS: Record<Lang, string[]> = {
  pt: ['Produto', 'Jogo', 'Nome', 'Rodadas', 'Apostas (BRL)', 'Pago (BRL)', 'RTP realizado (%)', 'RTP teórico (%)'],
  en: ['Product', 'Game', 'Name', 'Rounds', 'Stakes (BRL)', 'Paid (BRL)', 'Realised RTP (%)', 'Theoretical RTP (%)'],
};

/** Centavos as a BRL decimal with a point (1234.50), exact for any integer. */
export function brl(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const a = Math.abs(centavos);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}
const pct = (r: number | null) => (r === null ? '' : (r * 100).toFixed(2));

/** One CSV field: quoted when it holds a separator, quote or line break; a leading =+-@ is defused for spreadsheets. */
function field(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const csv = (rows: (string | number)[][]) => `${rows.map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;

export function productReportCsv(r: ProductReportReply, lang: Lang): string {
  return csv([
    PRODUCT_HEADERS[lang],
    ...r.data.map((d) => [
      d.period,
      PRODUCT_NAMES[lang][d.product],
      d.rounds,
      brl(d.stakes),
      brl(d.wins),
      brl(d.cash_stakes),
      brl(d.cash_wins),
      brl(d.ggr),
      pct(d.hold),
    ]),
  ]);
}

export function rtpReportCsv(r: RtpReportReply, lang: Lang): string {
  return csv([
    RTP_HEADERS[lang],
    ...r.data.map((d) => [
      PRODUCT_NAMES[lang][d.product],
      d.game,
      d.name,
      d.rounds,
      brl(d.stakes),
      brl(d.wins),
      pct(d.realised_rtp),
      pct(d.theoretical_rtp),
    ]),
  ]);
}
