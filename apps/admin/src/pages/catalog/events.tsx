import { List } from '@refinedev/antd';
import { useTranslate } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { AdminEvent } from '@sorte/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { Button, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { dateTime } from '../../lib/format';
import { BookLimitsCard } from './limits';
import { eventPages } from './paths';

const STATUSES = ['not_started', 'live', 'ended', 'closed', 'cancelled', 'postponed'] as const;
const STATUS_COLORS: Record<string, string> = {
  live: 'red',
  not_started: 'blue',
  ended: 'default',
  cancelled: 'orange',
};

/** The sportsbook's events by kick-off: the open ones by default, live only, or one status or tournament. */
export function EventsPage() {
  const t = useTranslate();
  const [status, setStatus] = useState<string | undefined>();

  const columns: ColumnDef<AdminEvent>[] = [
    { id: 'starts_at', header: t('catalog.events.kickoff'), cell: ({ row }) => dateTime(row.original.starts_at) },
    {
      id: 'match',
      header: t('catalog.events.match'),
      cell: ({ row }) => (
        <Space direction="vertical" size={0}>
          <Link to={`/catalog/sportsbook/${row.original.id}`}>
            {row.original.home} x {row.original.away}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.original.tournament}
          </Typography.Text>
        </Space>
      ),
    },
    {
      id: 'status',
      header: t('catalog.events.status'),
      cell: ({ row }) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLORS[row.original.status]}>{t(`catalog.events.statuses.${row.original.status}`)}</Tag>
          {row.original.operator_hold && <Tag color="volcano">{t('catalog.events.held')}</Tag>}
          {row.original.bet_stop && <Tag color="orange">{t('catalog.events.betStop')}</Tag>}
        </Space>
      ),
    },
    {
      id: 'score',
      header: t('catalog.events.score'),
      cell: ({ row }) =>
        row.original.status === 'not_started'
          ? '—'
          : `${row.original.score_home}-${row.original.score_away}${row.original.status === 'live' ? ` (${row.original.minute}')` : ''}`,
    },
    {
      id: 'markets',
      header: t('catalog.events.markets'),
      cell: ({ row }) => `${row.original.active_markets}/${row.original.markets}`,
    },
  ];

  const table = useTable<AdminEvent>({
    columns,
    refineCoreProps: {
      resource: 'catalog-events',
      pagination: { pageSize: 25, mode: 'server' },
      filters: { mode: 'server' },
      sorters: { mode: 'off' },
      syncWithLocation: false,
    },
  });
  const refresh = () => {
    eventPages.clear();
    void table.refineCore.tableQuery.refetch();
  };

  return (
    <List
      title={t('catalog.events.title')}
      breadcrumb={false}
      headerButtons={
        <Space wrap>
          <Select
            allowClear
            aria-label={t('catalog.events.status')}
            placeholder={t('catalog.events.open')}
            style={{ width: 200 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              eventPages.clear();
              table.refineCore.setFilters(
                v === 'live_only'
                  ? [{ field: 'live', operator: 'eq', value: 'true' }]
                  : v
                    ? [{ field: 'status', operator: 'eq', value: v }]
                    : [],
                'replace',
              );
              table.refineCore.setCurrentPage(1);
            }}
            options={[
              { value: 'live_only', label: t('catalog.events.liveOnly') },
              ...STATUSES.map((s) => ({ value: s, label: t(`catalog.events.statuses.${s}`) })),
            ]}
          />
          <Button onClick={refresh}>{t('buttons.refresh')}</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('catalog.events.help')}</Typography.Paragraph>
      <BookLimitsCard />
      <DataTable table={table} rowKey="id" empty={t('catalog.events.empty')} />
    </List>
  );
}
