import { List } from '@refinedev/antd';
import { useTranslate } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import { type AdminKycDocument, KYC_DOCUMENT_TYPES, KYC_STATUSES } from '@sorte/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { Select, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { dateTime } from '../../lib/format';

export const KYC_COLOR: Record<string, string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};

/** The KYC queue: documents waiting for a decision, oldest first. */
export function KycQueuePage() {
  const t = useTranslate();
  const columns = useMemo<ColumnDef<AdminKycDocument>[]>(
    () => [
      {
        id: 'id',
        header: '#',
        cell: ({ row }) => <Link to={`/payments/kyc/${row.original.id}`}>{row.original.id}</Link>,
      },
      { id: 'created_at', header: t('payments.kyc.sent'), cell: ({ row }) => dateTime(row.original.created_at) },
      {
        id: 'player',
        header: t('payments.player'),
        cell: ({ row }) => `${row.original.player_name} (#${row.original.player_id})`,
      },
      { id: 'type', header: t('payments.kyc.type'), cell: ({ row }) => t(`payments.kyc.types.${row.original.type}`) },
      {
        id: 'status',
        header: t('payments.status'),
        cell: ({ row }) => (
          <Tag color={KYC_COLOR[row.original.status]}>{t(`payments.kyc.statuses.${row.original.status}`)}</Tag>
        ),
      },
      {
        id: 'open',
        header: '',
        cell: ({ row }) => <Link to={`/payments/kyc/${row.original.id}`}>{t('payments.kyc.review')}</Link>,
      },
    ],
    [t],
  );
  const table = useTable<AdminKycDocument>({
    columns,
    enableSorting: false,
    refineCoreProps: {
      resource: 'kyc',
      pagination: { pageSize: 25, mode: 'server' },
      filters: { initial: [{ field: 'status', operator: 'eq', value: 'pending' }], mode: 'server' },
      sorters: { mode: 'off' },
      syncWithLocation: false,
    },
  });
  const filter = (field: string) =>
    table.refineCore.filters.find((f) => 'field' in f && f.field === field)?.value as string | undefined;
  const set = (field: string, value: string | undefined) => {
    const others = table.refineCore.filters.filter((f) => 'field' in f && f.field !== field);
    table.refineCore.setFilters([...others, { field, operator: 'eq', value }], 'replace');
    table.refineCore.setCurrentPage(1);
  };

  return (
    <List
      title={t('payments.kyc.title')}
      breadcrumb={false}
      headerButtons={
        <Space wrap>
          <Typography.Text>{t('payments.status')}</Typography.Text>
          <Select
            aria-label={t('payments.status')}
            style={{ minWidth: 150 }}
            value={filter('status') ?? 'pending'}
            onChange={(v) => set('status', v)}
            options={[
              ...KYC_STATUSES.map((s) => ({ value: s, label: t(`payments.kyc.statuses.${s}`) })),
              { value: 'all', label: t('payments.all') },
            ]}
          />
          <Typography.Text>{t('payments.kyc.type')}</Typography.Text>
          <Select
            aria-label={t('payments.kyc.type')}
            style={{ minWidth: 170 }}
            value={filter('type') ?? ''}
            onChange={(v) => set('type', v || undefined)}
            options={[
              { value: '', label: t('payments.all') },
              ...KYC_DOCUMENT_TYPES.map((s) => ({ value: s, label: t(`payments.kyc.types.${s}`) })),
            ]}
          />
        </Space>
      }
    >
      <DataTable table={table} rowKey="id" empty={t('payments.kyc.empty')} />
    </List>
  );
}
