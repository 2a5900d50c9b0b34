import { List } from '@refinedev/antd';
import { useTranslate } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { AdminPlayerRow } from '@sorte/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { dateTime, money } from '../../lib/format';
import { StatusTag } from './status';

/** Players: one search box (name, CPF, phone, e-mail or id), newest players first, paged by cursor. */
export function PlayersPage() {
  const t = useTranslate();
  // A permanent filter: react-table's column filters would replace a field no column owns.
  const [q, setQ] = useState('');
  const columns: ColumnDef<AdminPlayerRow>[] = [
    {
      id: 'id',
      accessorKey: 'id',
      header: '#',
      enableSorting: false,
      cell: ({ row }) => <Link to={`/players/${row.original.id}`}>{row.original.id}</Link>,
    },
    {
      id: 'name',
      header: t('players.name'),
      enableSorting: false,
      cell: ({ row }) => <Link to={`/players/${row.original.id}`}>{row.original.name}</Link>,
    },
    { id: 'cpf', header: 'CPF', enableSorting: false, cell: ({ row }) => row.original.cpf ?? '—' },
    { id: 'email', header: t('players.email'), enableSorting: false, cell: ({ row }) => row.original.email },
    { id: 'phone', header: t('players.phone'), enableSorting: false, cell: ({ row }) => row.original.phone },
    {
      id: 'status',
      header: t('players.status'),
      enableSorting: false,
      cell: ({ row }) => <StatusTag status={row.original.status} />,
    },
    {
      id: 'balance',
      header: t('players.balance'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.balance === null ? '—' : <Typography.Text strong>{money(row.original.balance)}</Typography.Text>,
    },
    {
      id: 'created_at',
      header: t('players.since'),
      enableSorting: false,
      cell: ({ row }) => dateTime(row.original.created_at),
    },
  ];
  const table = useTable<AdminPlayerRow>({
    columns,
    refineCoreProps: {
      resource: 'players',
      pagination: { pageSize: 20, mode: 'server' },
      filters: { permanent: q ? [{ field: 'q', operator: 'eq', value: q }] : [], mode: 'server' },
      syncWithLocation: false,
    },
  });
  return (
    <List title={t('players.title')} breadcrumb={false}>
      <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
        <Input.Search
          aria-label={t('players.search')}
          placeholder={t('players.search')}
          allowClear
          enterButton={t('players.searchButton')}
          maxLength={100}
          style={{ maxWidth: 560 }}
          onSearch={(v) => {
            setQ(v.trim());
            table.refineCore.setCurrentPage(1);
          }}
        />
        <Typography.Text type="secondary">{t('players.searchHelp')}</Typography.Text>
      </Space>
      <DataTable table={table} rowKey="id" empty={t(q ? 'players.none' : 'players.empty')} />
    </List>
  );
}
