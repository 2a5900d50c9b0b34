import { List } from '@refinedev/antd';
import { useTranslate } from '@refinedev/core';
import type { FormInstance } from 'antd';
import { App, Button, Progress, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { currentLocale } from '../../lib/locale';

/** One GET of a small list (a tenant's offers, coupons, missions ...), reloaded after each act. */
export function useLoaded<T>(path: string) {
  const { message } = App.useApp();
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => {
    setLoading(true);
    api<T>(path)
      .then(setData)
      .catch((e) => message.error(errorText(e)))
      .finally(() => setLoading(false));
  }, [path, message]);
  useEffect(() => reload(), [reload]);
  return { data, loading, reload };
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Puts the server's per-field messages under the form's fields; true when there were any. */
export function showFieldErrors(form: FormInstance, e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  const fields = Object.entries(e.errors).map(([name, errors]) => ({ name, errors }));
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}

/** Reais typed in the form to the API's centavos (undefined stays undefined). */
export const cents = (reais: number | null | undefined) =>
  reais === null || reais === undefined ? undefined : Math.round(reais * 100);

/** A name kept in both languages, in the console's. */
export const nameOf = (o: { name_pt: string; name_en: string }) => (currentLocale() === 'en' ? o.name_en : o.name_pt);

type ListPageProps<T> = {
  title: string;
  help: string;
  /** The create button's label and action; absent when the role may not create. */
  create?: { label: string; onClick: () => void };
  reload: () => void;
  loading: boolean;
  rows: T[];
  rowKey: (keyof T & string) | ((row: T) => string);
  empty: string;
  columns: ColumnsType<T>;
  children?: ReactNode;
};

/** A promotions list: a tenant's few rows (offers, coupons, missions) in one table, a create button and a refresh. */
export function ListPage<T extends object>(p: ListPageProps<T>) {
  const t = useTranslate();
  return (
    <List
      title={p.title}
      breadcrumb={false}
      headerButtons={
        <Space wrap>
          {p.create && (
            <Button type="primary" onClick={p.create.onClick}>
              {p.create.label}
            </Button>
          )}
          <Button onClick={p.reload}>{t('buttons.refresh')}</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{p.help}</Typography.Paragraph>
      <Table<T>
        size="middle"
        rowKey={p.rowKey}
        loading={p.loading}
        dataSource={p.rows}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        scroll={{ x: true }}
        locale={{ emptyText: p.empty }}
        columns={p.columns}
      />
      {p.children}
    </List>
  );
}

/** An offer's budget: what is counted against it and a bar of the share spent (red once it is all spent). */
export function BudgetBar({ label, share }: { label: string; share: number }) {
  return (
    <Space direction="vertical" size={0} style={{ minWidth: 140 }}>
      <Typography.Text>{label}</Typography.Text>
      <Progress percent={share} size="small" status={share >= 100 ? 'exception' : 'normal'} />
    </Space>
  );
}

/** A promotion's dates as one cell: "start – end" ("…" for an open side), or `always` when it has none. */
export const periodText = (starts: string | null, ends: string | null, always: string) =>
  starts || ends ? `${starts ? dateTime(starts) : '…'} – ${ends ? dateTime(ends) : '…'}` : always;
