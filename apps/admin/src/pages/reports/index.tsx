import { DownloadOutlined } from '@ant-design/icons';
import { useCan, useTranslate } from '@refinedev/core';
import type { ProductReportReply, RtpReportReply, RtpRow } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Segmented, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api';
import { money } from '../../lib/format';
import { currentLocale } from '../../lib/locale';
import { percent } from '../dashboard/index';
import { PageHeading, type Period, PeriodPicker, periodOf } from '../dashboard/period';

export const REPORT_PATHS = { products: '/api/admin/reports/products', rtp: '/api/admin/reports/rtp' } as const;

const count = (n: number) => new Intl.NumberFormat(currentLocale()).format(n);

/** Fetches a CSV in the console's language (the header row and product names follow it) and saves it. */
async function downloadCsv(path: string, query: Record<string, string | number | undefined>, name: string) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, format: 'csv' })) if (v !== undefined) qs.set(k, String(v));
  const res = await fetch(`${path}?${qs}`, {
    credentials: 'same-origin',
    headers: { accept: 'text/csv', 'accept-language': currentLocale() === 'en' ? 'en' : 'pt-BR' },
  });
  if (!res.ok)
    throw new Error(((await res.json().catch(() => ({}))) as { message?: string }).message ?? res.statusText);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/** Below this many rounds a gap says little: shown grey. */
const FEW_ROUNDS = 1000;

/** Realised minus theoretical, in percentage points: green within 2, orange within 5, red beyond. */
function RtpGap({ r }: { r: RtpRow }) {
  const t = useTranslate();
  if (r.realised_rtp === null || r.theoretical_rtp === null) return <>—</>;
  const gap = (r.realised_rtp - r.theoretical_rtp) * 100;
  const shown = new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const text = `${gap >= 0 ? '+' : ''}${shown.format(gap)} pp`;
  if (r.rounds < FEW_ROUNDS)
    return (
      <Tooltip title={t('reports.rtp.few', { n: FEW_ROUNDS })}>
        <Tag>{text}</Tag>
      </Tooltip>
    );
  const color = Math.abs(gap) <= 2 ? 'green' : Math.abs(gap) <= 5 ? 'orange' : 'red';
  return <Tag color={color}>{text}</Tag>;
}

/** The reports: play per day or month and product (CSV), and realised RTP against theoretical per game and box. */
export function ReportsPage() {
  const t = useTranslate();
  const canExport = useCan({ resource: 'reports', action: 'export' }).data?.can === true;
  const [period, setPeriod] = useState<Period>(periodOf('7d'));
  const [group, setGroup] = useState<'day' | 'month'>('day');
  const [product, setProduct] = useState<'all' | 'casino' | 'originals' | 'boxes'>('all');
  const [error, setError] = useState<string | null>(null);
  const base = { from: period.from, to: period.to, tenant: period.tenant };
  const products = useQuery({
    queryKey: ['admin-report-products', base, group, currentLocale()],
    queryFn: () => api<ProductReportReply>(REPORT_PATHS.products, { query: { ...base, group } }),
  });
  const rtp = useQuery({
    queryKey: ['admin-report-rtp', base, product, currentLocale()],
    queryFn: () => api<RtpReportReply>(REPORT_PATHS.rtp, { query: { ...base, product } }),
  });
  const csv = (path: string, query: Record<string, string | number | undefined>, name: string) => {
    setError(null);
    downloadCsv(path, query, name).catch((e: Error) => setError(e.message));
  };
  const csvButton = (onClick: () => void) =>
    canExport ? (
      <Button icon={<DownloadOutlined />} onClick={onClick}>
        {t('reports.csv')}
      </Button>
    ) : null;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <PageHeading title={t('reports.title')}>
        <PeriodPicker value={period} onChange={setPeriod} />
      </PageHeading>
      {(error || products.error || rtp.error) && (
        <Alert type="error" showIcon message={error ?? ((products.error ?? rtp.error) as Error).message} />
      )}
      <Card
        size="small"
        title={t('reports.products.title')}
        extra={
          <Space wrap>
            <Segmented<'day' | 'month'>
              aria-label={t('reports.products.group')}
              value={group}
              onChange={setGroup}
              options={[
                { value: 'day', label: t('reports.products.day') },
                { value: 'month', label: t('reports.products.month') },
              ]}
            />
            {csvButton(() =>
              csv(
                REPORT_PATHS.products,
                { ...base, group },
                `${t('reports.products.file')}-${period.from}-${period.to}.csv`,
              ),
            )}
          </Space>
        }
      >
        <Table
          size="small"
          loading={products.isLoading}
          rowKey={(r) => `${r.period}:${r.product}`}
          dataSource={products.data?.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 760 }}
          locale={{ emptyText: t('reports.empty') }}
          columns={[
            { key: 'period', title: t('reports.products.period'), dataIndex: 'period' },
            {
              key: 'product',
              title: t('reports.products.product'),
              render: (_, r) => t(`dashboard.product.${r.product}`),
            },
            { key: 'rounds', title: t('reports.rounds'), align: 'right', render: (_, r) => count(r.rounds) },
            { key: 'stakes', title: t('reports.products.stakes'), align: 'right', render: (_, r) => money(r.stakes) },
            { key: 'wins', title: t('reports.products.wins'), align: 'right', render: (_, r) => money(r.wins) },
            { key: 'ggr', title: 'GGR', align: 'right', render: (_, r) => money(r.ggr) },
            { key: 'hold', title: t('dashboard.kpi.hold'), align: 'right', render: (_, r) => percent(r.hold) },
          ]}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('reports.products.note')}
        </Typography.Text>
      </Card>
      <Card
        size="small"
        title={t('reports.rtp.title')}
        extra={
          <Space wrap>
            <Select
              aria-label={t('reports.products.product')}
              style={{ minWidth: 150 }}
              value={product}
              onChange={setProduct}
              options={(['all', 'casino', 'originals', 'boxes'] as const).map((p) => ({
                value: p,
                label: p === 'all' ? t('reports.rtp.all') : t(`dashboard.product.${p}`),
              }))}
            />
            {csvButton(() => csv(REPORT_PATHS.rtp, { ...base, product }, `rtp-${period.from}-${period.to}.csv`))}
          </Space>
        }
      >
        <Table
          size="small"
          loading={rtp.isLoading}
          rowKey={(r) => `${r.product}:${r.game}`}
          dataSource={rtp.data?.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 860 }}
          locale={{ emptyText: t('reports.empty') }}
          columns={[
            {
              key: 'product',
              title: t('reports.products.product'),
              render: (_, r) => t(`dashboard.product.${r.product}`),
            },
            { key: 'name', title: t('reports.rtp.game'), render: (_, r) => r.name },
            { key: 'rounds', title: t('reports.rounds'), align: 'right', render: (_, r) => count(r.rounds) },
            { key: 'stakes', title: t('reports.products.stakes'), align: 'right', render: (_, r) => money(r.stakes) },
            { key: 'wins', title: t('reports.rtp.paid'), align: 'right', render: (_, r) => money(r.wins) },
            {
              key: 'realised',
              title: t('reports.rtp.realised'),
              align: 'right',
              render: (_, r) => percent(r.realised_rtp),
            },
            {
              key: 'theoretical',
              title: t('reports.rtp.theoretical'),
              align: 'right',
              render: (_, r) => percent(r.theoretical_rtp),
            },
            { key: 'gap', title: t('reports.rtp.gap'), align: 'right', render: (_, r) => <RtpGap r={r} /> },
          ]}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('reports.rtp.note')}
        </Typography.Text>
      </Card>
    </div>
  );
}
