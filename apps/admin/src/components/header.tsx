import { useGetIdentity, useSetLocale, useTranslate } from '@refinedev/core';
import type { StaffMemberReply } from '@sorte/contracts';
import { Layout, Segmented, Space, Tag, Typography } from 'antd';
import { currentLocale } from '../lib/locale';

/** The top bar: who is logged in (e-mail, role, tenant or platform) and the language switch. */
export function Header() {
  const t = useTranslate();
  const setLocale = useSetLocale();
  const { data: me } = useGetIdentity<StaffMemberReply>();
  return (
    <Layout.Header
      style={{
        background: '#fff',
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        padding: '0 16px',
        height: 56,
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <Space size="middle" wrap>
        {me && (
          <Space size="small">
            <Typography.Text strong data-testid="staff-email">
              {me.email}
            </Typography.Text>
            <Tag color="green" data-testid="staff-role">
              {t(`roles.${me.role}`)}
            </Tag>
            {me.tenant_id === null && <Tag color="purple">{t('platform')}</Tag>}
          </Space>
        )}
        <LanguageSwitch onChange={(l) => setLocale(l)} label={t('app.language')} />
      </Space>
    </Layout.Header>
  );
}

export function LanguageSwitch({ onChange, label }: { onChange: (l: string) => void; label: string }) {
  return (
    <Segmented
      aria-label={label}
      size="small"
      value={currentLocale()}
      options={[
        { label: 'PT', value: 'pt-BR' },
        { label: 'EN', value: 'en' },
      ]}
      onChange={(v) => onChange(String(v))}
    />
  );
}
