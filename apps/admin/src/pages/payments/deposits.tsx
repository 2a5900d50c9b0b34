import { List } from '@refinedev/antd';
import { type CrudFilter, useTranslate } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import { type AdminDeposit, DEPOSIT_STATUSES } from '@sorte/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { Button, DatePicker, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { dateTime, money } from '../../lib/format';

export const DEPOSIT_COLOR: Record<string, string> = {
  paid: 'green',
  waiting_payment: 'blue',
  pending: 'blue',
  refunded: 'purple',
  refused: 'default',
  expired: 'default',
  chargebacked: 'red',
};

type Filters = { q?: string; status?: string; range?: [Dayjs | null, Dayjs | null] };

/** Deposit search: one box for a player id, an amount, a txid or an end-to-end id; status and period beside it. */
export function DepositsPage() {
  const t = useTranslate();
  const [form] = Form.useForm<Filters>();
  const columns = useMemo<ColumnDef<AdminDeposit>[]>(
    () => [
      {
        id: 'id',
        header: '#',
        cell: ({ row }) => <Link to={`/payments/deposits/${row.original.id}`}>{row.original.id}</Link>,
      },
      {
        id: 'created_at',
        header: t('payments.deposits.created'),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
      {
        id: 'player',
        header: t('payments.player'),
        cell: ({ row }) => `${row.original.player_name} (#${row.original.player_id})`,
      },
      {
        id: 'amount',
        header: t('payments.amount'),
        cell: ({ row }) => <Typography.Text strong>{money(row.original.amount)}</Typography.Text>,
      },
      {
        id: 'status',
        header: t('payments.status'),
        cell: ({ row }) => (
          <Tag color={DEPOSIT_COLOR[row.original.status]}>{t(`payments.deposits.statuses.${row.original.status}`)}</Tag>
        ),
      },
      {
        id: 'txid',
        header: 'txid',
        cell: ({ row }) => (
          <Typography.Text code style={{ fontSize: 12 }}>
            {row.original.txid.slice(0, 12)}…
          </Typography.Text>
        ),
      },
      {
        id: 'open',
        header: '',
        cell: ({ row }) => <Link to={`/payments/deposits/${row.original.id}`}>{t('payments.open')}</Link>,
      },
    ],
    [t],
  );
  const table = useTable<AdminDeposit>({
    columns,
    enableSorting: false,
    refineCoreProps: {
      resource: 'deposits',
      pagination: { pageSize: 25, mode: 'server' },
      filters: { mode: 'server' },
      sorters: { mode: 'off' },
      syncWithLocation: false,
    },
  });

  const apply = (f: Filters) => {
    const [from, to] = f.range ?? [null, null];
    const filters: CrudFilter[] = [
      { field: 'q', operator: 'eq', value: f.q?.trim() || undefined },
      { field: 'status', operator: 'eq', value: f.status && f.status !== 'all' ? f.status : undefined },
      { field: 'from', operator: 'gte', value: from ? from.startOf('day').toISOString() : undefined },
      { field: 'to', operator: 'lt', value: to ? to.add(1, 'day').startOf('day').toISOString() : undefined },
    ];
    table.refineCore.setFilters(filters, 'replace');
    table.refineCore.setCurrentPage(1);
  };

  return (
    <List title={t('payments.deposits.title')} breadcrumb={false}>
      <Form
        form={form}
        layout="inline"
        onFinish={apply}
        initialValues={{ status: 'all' }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="q" label={t('payments.deposits.search')}>
          <Input placeholder={t('payments.deposits.searchHint')} allowClear style={{ width: 280 }} />
        </Form.Item>
        <Form.Item name="status" label={t('payments.status')}>
          <Select
            style={{ width: 170 }}
            options={[
              { value: 'all', label: t('payments.all') },
              ...DEPOSIT_STATUSES.map((s) => ({ value: s, label: t(`payments.deposits.statuses.${s}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="range" label={t('payments.period')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={[t('payments.from'), t('payments.to')]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('payments.searchButton')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              apply({});
            }}
          >
            {t('payments.clear')}
          </Button>
        </Space>
      </Form>
      <DataTable table={table} rowKey="id" empty={t('payments.deposits.empty')} />
    </List>
  );
}
