import { useTranslate } from '@refinedev/core';
import type { AdminRegulatedReply } from '@sorte/contracts';
import { Alert, Card, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { money } from '../../lib/format';
import { TENANT_PATHS } from './api';

/** The rules whose value the server sends as centavos: shown as money, as the settings screen edits them. */
const MONEY = new Set(['two_person_approval_above', 'min_deposit', 'max_deposit', 'min_withdrawal', 'max_withdrawal']);

/** What regulated mode enforces for this tenant, read from the modules' own rules: a read-only view. */
export function RegulatedPage() {
  const t = useTranslate();
  const [data, setData] = useState<AdminRegulatedReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<AdminRegulatedReply>(TENANT_PATHS.regulated)
      .then(setData)
      .catch((e) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  if (error) return <Alert type="error" message={error} />;
  const value = (key: string, v: string) =>
    MONEY.has(key) && /^\d+$/.test(v) ? (
      money(Number(v))
    ) : v === 'true' ? (
      <Tag color="green">{t('tenant.regulated.yes')}</Tag>
    ) : v === 'false' ? (
      <Tag>{t('tenant.regulated.no')}</Tag>
    ) : (
      t(`tenant.regulated.values.${v}`, v)
    );
  return (
    <Card
      loading={!data}
      title={
        <>
          {t('tenant.regulated.title')}{' '}
          {data && (
            <Tag color={data.regulated ? 'green' : 'default'}>
              {t(data.regulated ? 'tenant.regulated.on' : 'tenant.regulated.off')}
            </Tag>
          )}
        </>
      }
    >
      <Typography.Paragraph type="secondary">{t('tenant.regulated.help')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={data?.policies ?? []}
        columns={[
          {
            key: 'key',
            title: t('tenant.regulated.rule'),
            render: (_, p) => t(`tenant.regulated.keys.${p.key}`, p.key),
          },
          { key: 'value', title: t('tenant.regulated.value'), render: (_, p) => value(p.key, p.value) },
          {
            key: 'source',
            title: t('tenant.regulated.source'),
            render: (_, p) => <Typography.Text type="secondary">{p.source}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}
