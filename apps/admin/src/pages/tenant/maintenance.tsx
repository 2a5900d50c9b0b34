import { useCan, useTranslate } from '@refinedev/core';
import type { AdminTenantReply } from '@sorte/contracts';
import { Alert, App, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { TENANT_PATHS, useTenant } from './api';

/** The maintenance switch: the player site shows its maintenance page (the console keeps working). */
export function MaintenancePage() {
  const t = useTranslate();
  const { message, modal } = App.useApp();
  const { tenant, setTenant, error } = useTenant();
  const canEdit = useCan({ resource: 'tenant-maintenance', action: 'update' }).data?.can ?? false;
  const [pt, setPt] = useState('');
  const [en, setEn] = useState('');

  useEffect(() => {
    const m = (tenant?.settings as { maintenance_message?: { pt: string; en: string } | null } | undefined)
      ?.maintenance_message;
    setPt(m?.pt ?? '');
    setEn(m?.en ?? '');
  }, [tenant]);

  if (error) return <Alert type="error" message={error} />;
  if (!tenant) return <Card loading />;
  const inMaintenance = !tenant.active;

  const submit = async (on: boolean) => {
    try {
      const r = await api<AdminTenantReply>(TENANT_PATHS.maintenance, {
        method: 'POST',
        body: { revision: tenant.revision, on, message: pt || en ? { pt, en } : null },
      });
      setTenant(r.tenant);
      message.success(t(on ? 'tenant.maintenance.turnedOn' : 'tenant.maintenance.turnedOff'));
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Card
      title={
        <Space>
          {t('tenant.maintenance.title')}
          <Tag color={inMaintenance ? 'red' : 'green'}>
            {t(inMaintenance ? 'tenant.maintenance.on' : 'tenant.maintenance.off')}
          </Tag>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('tenant.maintenance.help')}</Typography.Paragraph>
      <Form layout="vertical" disabled={!canEdit}>
        <Form.Item label={t('tenant.maintenance.messagePt')}>
          <Input.TextArea rows={2} maxLength={300} value={pt} onChange={(e) => setPt(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('tenant.maintenance.messageEn')}>
          <Input.TextArea rows={2} maxLength={300} value={en} onChange={(e) => setEn(e.target.value)} />
        </Form.Item>
      </Form>
      {canEdit &&
        (inMaintenance ? (
          <Space wrap>
            <Button type="primary" onClick={() => submit(false)}>
              {t('tenant.maintenance.turnOff')}
            </Button>
            <Button onClick={() => submit(true)}>{t('tenant.maintenance.updateMessage')}</Button>
          </Space>
        ) : (
          <Button
            danger
            type="primary"
            onClick={() =>
              modal.confirm({
                title: t('tenant.maintenance.confirm'),
                okText: t('tenant.maintenance.turnOn'),
                okButtonProps: { danger: true },
                cancelText: t('buttons.cancel'),
                onOk: () => submit(true),
              })
            }
          >
            {t('tenant.maintenance.turnOn')}
          </Button>
        ))}
    </Card>
  );
}
