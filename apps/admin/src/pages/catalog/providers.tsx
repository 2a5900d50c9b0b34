import { List } from '@refinedev/antd';
import { useCan, useTranslate } from '@refinedev/core';
import type { AdminProvider, AdminProvidersReply } from '@sorte/contracts';
import { App, Button, Space, Switch, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { money } from '../../lib/format';
import { errorText } from './paths';

/** The tenant's game providers: a disabled provider's games leave the lobby. */
export function ProvidersPage() {
  const t = useTranslate();
  const { message, modal } = App.useApp();
  const canUpdate = useCan({ resource: 'catalog-providers', action: 'update' }).data?.can ?? false;
  const [rows, setRows] = useState<AdminProvider[]>([]);
  const [loading, setLoading] = useState(true);
  const load = useCallback(() => {
    setLoading(true);
    api<AdminProvidersReply>('/api/admin/catalog/providers')
      .then((r) => setRows(r.data))
      .catch((e) => message.error(errorText(e)))
      .finally(() => setLoading(false));
  }, [message]);
  useEffect(() => load(), [load]);

  const toggle = async (p: AdminProvider, enabled: boolean) => {
    try {
      await api(`/api/admin/catalog/providers/${p.id}`, { method: 'PATCH', body: { enabled } });
      message.success(t('catalog.providers.saved'));
      load();
    } catch (e) {
      message.error(errorText(e));
    }
  };

  const importGames = () =>
    modal.confirm({
      title: t('catalog.providers.importConfirm'),
      okText: t('catalog.providers.import'),
      cancelText: t('buttons.cancel'),
      onOk: async () => {
        try {
          const r = await api<{ games: number }>('/api/admin/catalog/providers/import', { method: 'POST', body: {} });
          message.success(t('catalog.providers.imported', { n: r.games }));
          load();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });

  return (
    <List
      title={t('catalog.providers.title')}
      breadcrumb={false}
      headerButtons={
        <Space wrap>
          {canUpdate && <Button onClick={importGames}>{t('catalog.providers.import')}</Button>}
          <Button onClick={load}>{t('buttons.refresh')}</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('catalog.providers.help')}</Typography.Paragraph>
      <Table<AdminProvider>
        size="middle"
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('catalog.providers.empty') }}
        columns={[
          { key: 'name', title: t('catalog.providers.name'), dataIndex: 'name' },
          { key: 'code', title: t('catalog.providers.code'), dataIndex: 'code' },
          { key: 'protocol', title: t('catalog.providers.protocol'), dataIndex: 'protocol' },
          { key: 'games', title: t('catalog.providers.games'), dataIndex: 'games' },
          {
            key: 'max',
            title: t('catalog.providers.maxWin'),
            render: (_, p) => money(p.max_single_win),
          },
          {
            key: 'enabled',
            title: t('catalog.providers.enabled'),
            render: (_, p) => (
              <Switch
                size="small"
                checked={p.enabled}
                disabled={!canUpdate}
                aria-label={t('catalog.providers.enabled')}
                onChange={(v) => toggle(p, v)}
              />
            ),
          },
        ]}
      />
    </List>
  );
}
