import { List } from '@refinedev/antd';
import { type CrudFilter, useTranslate } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { AdminAuditEntry } from '@sorte/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { Button, DatePicker, Form, Input, InputNumber, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { DataTable } from '../components/data-table';
import { dateTime } from '../lib/format';

type Filters = { actor?: string; action?: string; user_id?: number | null; range?: [Dayjs | null, Dayjs | null] };

/** Every act of staff, players and the system, newest first, filtered on the server. */
export function AuditPage() {
  const t = useTranslate();
  const [form] = Form.useForm<Filters>();
  const columns = useMemo<ColumnDef<AdminAuditEntry>[]>(
    () => [
      { id: 'created_at', header: t('audit.when'), cell: ({ row }) => dateTime(row.original.created_at) },
      { id: 'actor', header: t('audit.actor'), cell: ({ row }) => row.original.actor },
      {
        id: 'action',
        header: t('audit.action'),
        cell: ({ row }) => <Typography.Text code>{row.original.action}</Typography.Text>,
      },
      { id: 'user_id', header: t('audit.player'), cell: ({ row }) => row.original.user_id ?? '—' },
      {
        id: 'change',
        header: t('audit.change'),
        cell: ({ row }) => <Change before={row.original.before} after={row.original.after} />,
      },
      { id: 'ip', header: t('audit.ip'), cell: ({ row }) => row.original.ip ?? '—' },
    ],
    [t],
  );
  const table = useTable<AdminAuditEntry>({
    columns,
    enableSorting: false,
    refineCoreProps: {
      resource: 'audit',
      pagination: { pageSize: 25, mode: 'server' },
      filters: { mode: 'server' },
      sorters: { mode: 'off' },
      syncWithLocation: false,
    },
  });

  const apply = (f: Filters) => {
    const [from, to] = f.range ?? [null, null];
    const filters: CrudFilter[] = [
      { field: 'actor', operator: 'eq', value: f.actor?.trim() || undefined },
      { field: 'action', operator: 'eq', value: f.action?.trim() || undefined },
      { field: 'user_id', operator: 'eq', value: f.user_id ?? undefined },
      { field: 'from', operator: 'gte', value: from ? from.startOf('day').toISOString() : undefined },
      { field: 'to', operator: 'lt', value: to ? to.add(1, 'day').startOf('day').toISOString() : undefined },
    ];
    table.refineCore.setFilters(filters, 'replace');
    table.refineCore.setCurrentPage(1);
  };

  return (
    <List title={t('audit.title')} breadcrumb={false}>
      <Form form={form} layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="actor" label={t('audit.actor')}>
          <Input placeholder="staff:12" allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Input placeholder="withdrawal.approve" allowClear style={{ width: 190 }} />
        </Form.Item>
        <Form.Item name="user_id" label={t('audit.player')}>
          <InputNumber min={1} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="range" label={`${t('audit.from')} / ${t('audit.to')}`}>
          <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={[t('audit.from'), t('audit.to')]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('audit.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              apply({});
            }}
          >
            {t('audit.clear')}
          </Button>
        </Space>
      </Form>
      <DataTable table={table} rowKey="id" empty={t('audit.empty')} />
    </List>
  );
}

/** Before and after as compact JSON, only the keys that changed when both are objects. */
function Change({ before, after }: { before: unknown; after: unknown }) {
  const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    return (
      <Typography.Text style={{ fontSize: 12, display: 'block', maxWidth: 420, whiteSpace: 'normal' }}>
        {keys.map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`).join('; ') || '—'}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text style={{ fontSize: 12, maxWidth: 420 }} ellipsis={{ tooltip: true }}>
      {`${show(before)} → ${show(after)}`}
    </Typography.Text>
  );
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
