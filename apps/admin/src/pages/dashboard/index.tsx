import { useCan, useTranslate } from '@refinedev/core';
import type { DashboardReply, StatsFigures } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { api } from '../../lib/api';
import { money } from '../../lib/format';
import { currentLocale } from '../../lib/locale';
import { PageHeading, type Period, PeriodPicker, periodOf } from './period';

export const DASHBOARD_PATH = '/api/admin/dashboard';

export function percent(r: number | null): string {
  if (r === null) return '—';
  return new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: 2 }).format(r);
}
const count = (n: number) => new Intl.NumberFormat(currentLocale()).format(n);
/** A day on a chart's axis: 28/11 or 11/28. */
const shortDay = (d: string) =>
  new Intl.DateTimeFormat(currentLocale(), { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${d}T00:00:00Z`),
  );
const reais = (centavos: number) => centavos / 100;
const axisMoney = (v: number) =>
  new Intl.NumberFormat(currentLocale(), { notation: 'compact', maximumFractionDigits: 1 }).format(v);

type Kpi = { key: keyof StatsFigures; kind: 'money' | 'count' | 'percent'; sub?: keyof StatsFigures };
const KPIS: Kpi[] = [
  { key: 'deposits', kind: 'money', sub: 'deposit_count' },
  { key: 'withdrawals', kind: 'money', sub: 'withdrawal_count' },
  { key: 'ggr', kind: 'money' },
  { key: 'ngr', kind: 'money' },
  { key: 'bonus_cost', kind: 'money' },
  { key: 'tax', kind: 'money' },
  { key: 'hold', kind: 'percent' },
  { key: 'stakes', kind: 'money' },
  { key: 'first_deposits', kind: 'count' },
  { key: 'active_players', kind: 'count' },
];

function show(kind: Kpi['kind'], v: number | null): string {
  if (kind === 'percent') return percent(v);
  if (kind === 'money') return money(v ?? 0);
  return count(v ?? 0);
}

function KpiCards({ d }: { d: DashboardReply }) {
  const t = useTranslate();
  const single = d.from === d.to && d.from === d.today;
  return (
    <Row gutter={[12, 12]}>
      {KPIS.map((k) => {
        const v = d.period[k.key] as number | null;
        const negative = k.kind === 'money' && (v ?? 0) < 0;
        return (
          <Col key={k.key} xs={12} md={8} xl={{ flex: '20%' }}>
            <Card size="small" style={{ height: '100%' }}>
              <Statistic
                title={t(`dashboard.kpi.${k.key}`)}
                value={show(k.kind, v)}
                valueStyle={{ fontSize: 20, color: negative ? '#cf1322' : undefined }}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {k.sub
                  ? d.period[k.sub] === 1
                    ? t('dashboard.countOne')
                    : t('dashboard.count', { n: count(d.period[k.sub] as number) })
                  : ''}
                {k.sub && !single ? ' · ' : ''}
                {!single ? t('dashboard.todayValue', { v: show(k.kind, d.today_figures[k.key] as number | null) }) : ''}
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

function Queues({ d }: { d: DashboardReply }) {
  const t = useTranslate();
  const withdrawals = useCan({ resource: 'withdrawals', action: 'list' }).data?.can;
  const kyc = useCan({ resource: 'kyc', action: 'list' }).data?.can;
  const affiliates = useCan({ resource: 'promotions-affiliates', action: 'list' }).data?.can;
  const events = useCan({ resource: 'events', action: 'list' }).data?.can;
  const items: { key: string; n: number; to?: string; extra?: string }[] = [
    { key: 'withdrawals', n: d.queues.withdrawals_under_review, to: withdrawals ? '/withdrawals' : undefined },
    { key: 'kyc', n: d.queues.kyc_pending, to: kyc ? '/payments/kyc' : undefined },
    {
      key: 'events',
      n: d.queues.events_failed,
      to: events ? '/events' : undefined,
      extra: d.queues.events_parked ? t('dashboard.queues.parked', { n: d.queues.events_parked }) : undefined,
    },
    {
      key: 'affiliates',
      n: d.queues.affiliate_payouts_pending,
      to: affiliates ? '/promotions/affiliates?status=review' : undefined,
    },
  ];
  return (
    <Card size="small" title={t('dashboard.queues.title')}>
      <Row gutter={[12, 12]}>
        {items.map((q) => (
          <Col key={q.key} xs={12} lg={6}>
            <Statistic
              title={q.to ? <Link to={q.to}>{t(`dashboard.queues.${q.key}`)}</Link> : t(`dashboard.queues.${q.key}`)}
              value={count(q.n)}
              valueStyle={{ color: q.n > 0 ? '#d46b08' : undefined }}
            />
            {q.extra && <Tag color="red">{q.extra}</Tag>}
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function Charts({ d }: { d: DashboardReply }) {
  const t = useTranslate();
  const rows = d.days.map((x) => ({
    day: shortDay(x.day),
    ggr: reais(x.ggr),
    ngr: reais(x.ngr),
    deposits: reais(x.deposits),
    withdrawals: reais(x.withdrawals),
    active: x.active_players,
  }));
  const tip = (v: unknown, name: unknown): [string, string] => [
    name === t('dashboard.chart.active') ? count(Number(v)) : money(Math.round(Number(v) * 100)),
    String(name),
  ];
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('dashboard.chart.revenue')}>
          <ResponsiveContainer width="100%" height={240}>
            <LineChart data={rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" fontSize={12} />
              <YAxis tickFormatter={axisMoney} fontSize={12} width={48} />
              <Tooltip formatter={tip} />
              <Legend />
              <Line type="monotone" dataKey="ggr" name="GGR" stroke="#1677ff" strokeWidth={2} dot={rows.length < 20} />
              <Line type="monotone" dataKey="ngr" name="NGR" stroke="#52c41a" strokeWidth={2} dot={rows.length < 20} />
            </LineChart>
          </ResponsiveContainer>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('dashboard.chart.money')}>
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" fontSize={12} />
              <YAxis tickFormatter={axisMoney} fontSize={12} width={48} />
              <Tooltip formatter={tip} />
              <Legend />
              <Bar dataKey="deposits" name={t('dashboard.kpi.deposits')} fill="#1677ff" />
              <Bar dataKey="withdrawals" name={t('dashboard.kpi.withdrawals')} fill="#fa8c16" />
            </BarChart>
          </ResponsiveContainer>
        </Card>
      </Col>
    </Row>
  );
}

function Products({ d }: { d: DashboardReply }) {
  const t = useTranslate();
  return (
    <Card size="small" title={t('dashboard.products.title')}>
      <Table
        size="small"
        rowKey="product"
        pagination={false}
        scroll={{ x: 560 }}
        dataSource={d.products}
        columns={[
          {
            key: 'product',
            title: t('dashboard.products.product'),
            render: (_, r) => t(`dashboard.product.${r.product}`),
          },
          { key: 'rounds', title: t('dashboard.products.rounds'), align: 'right', render: (_, r) => count(r.rounds) },
          { key: 'stakes', title: t('dashboard.kpi.stakes'), align: 'right', render: (_, r) => money(r.stakes) },
          { key: 'wins', title: t('dashboard.products.wins'), align: 'right', render: (_, r) => money(r.wins) },
          { key: 'ggr', title: 'GGR', align: 'right', render: (_, r) => money(r.ggr) },
          { key: 'hold', title: t('dashboard.kpi.hold'), align: 'right', render: (_, r) => percent(r.hold) },
        ]}
      />
    </Card>
  );
}

/** The dashboard: a period's figures, today's beside them, charts per day, the products and the queues. */
export function DashboardPage() {
  const t = useTranslate();
  const [period, setPeriod] = useState<Period>(periodOf('today'));
  const q = useQuery({
    queryKey: ['admin-dashboard', period.from, period.to, period.tenant, currentLocale()],
    queryFn: () =>
      api<DashboardReply>(DASHBOARD_PATH, { query: { from: period.from, to: period.to, tenant: period.tenant } }),
    refetchInterval: 60_000,
  });
  const d = q.data;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <PageHeading title={t('dashboard.title')}>
        <PeriodPicker value={period} onChange={setPeriod} />
      </PageHeading>
      {q.error && <Alert type="error" showIcon message={(q.error as Error).message} />}
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Text type="secondary">
            {t('dashboard.explain', {
              tax: percent(d.tax_rate),
              tenant: d.tenant_id === null ? t('dashboard.allTenants') : `#${d.tenant_id}`,
            })}
          </Typography.Text>
          <KpiCards d={d} />
          <Queues d={d} />
          <Charts d={d} />
          <Products d={d} />
        </>
      )}
    </div>
  );
}
