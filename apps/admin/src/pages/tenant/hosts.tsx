import { useCan, useTranslate } from '@refinedev/core';
import type { AdminTenantReply } from '@sorte/contracts';
import { Alert, App, Button, Card, Input, List, Space, Tag } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api';
import { TENANT_PATHS, useTenant } from './api';

/** The tenant's hosts: the primary one (the site's address) and the others it also answers on. */
export function HostsPage() {
  const t = useTranslate();
  const { message, modal } = App.useApp();
  const { tenant, setTenant, error } = useTenant();
  const canEdit = useCan({ resource: 'tenant-hosts', action: 'update' }).data?.can ?? false;
  const [host, setHost] = useState('');

  if (error) return <Alert type="error" message={error} />;
  const run = async (fn: () => Promise<AdminTenantReply>, done: string) => {
    try {
      setTenant((await fn()).tenant);
      message.success(t(done));
      return true;
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
      return false;
    }
  };

  return (
    <Card title={t('tenant.hosts.title')} loading={!tenant}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('tenant.hosts.help')} />
      <List
        bordered
        dataSource={tenant?.hosts ?? []}
        renderItem={(h) => (
          <List.Item
            actions={
              canEdit && !h.primary
                ? [
                    <Button
                      key="remove"
                      size="small"
                      danger
                      onClick={() =>
                        modal.confirm({
                          title: t('tenant.hosts.removeConfirm', { host: h.host }),
                          okText: t('tenant.hosts.remove'),
                          okButtonProps: { danger: true },
                          cancelText: t('buttons.cancel'),
                          onOk: () =>
                            run(
                              () => api<AdminTenantReply>(TENANT_PATHS.host(h.host), { method: 'DELETE' }),
                              'tenant.hosts.removed',
                            ),
                        })
                      }
                    >
                      {t('tenant.hosts.remove')}
                    </Button>,
                  ]
                : []
            }
          >
            <Space>
              <code>{h.host}</code>
              {h.primary && <Tag color="blue">{t('tenant.hosts.primary')}</Tag>}
            </Space>
          </List.Item>
        )}
      />
      {canEdit && (
        <Space.Compact style={{ marginTop: 16, width: '100%', maxWidth: 480 }}>
          <Input
            aria-label={t('tenant.hosts.new')}
            placeholder={t('tenant.hosts.new')}
            value={host}
            onChange={(e) => setHost(e.target.value)}
          />
          <Button
            type="primary"
            disabled={!host.trim()}
            onClick={async () => {
              const ok = await run(
                () => api<AdminTenantReply>(TENANT_PATHS.hosts, { method: 'POST', body: { host: host.trim() } }),
                'tenant.hosts.added',
              );
              if (ok) setHost('');
            }}
          >
            {t('tenant.hosts.add')}
          </Button>
        </Space.Compact>
      )}
    </Card>
  );
}
