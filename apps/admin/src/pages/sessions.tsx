import { List } from '@refinedev/antd';
import { useDelete, useList, useTranslate } from '@refinedev/core';
import type { StaffSessionItem } from '@sorte/contracts';
import { Button, Popconfirm, Table, Tag } from 'antd';
import { dateTime } from '../lib/format';

/** The staff member's own sessions, each one revocable (the current one too: that is a log-out). */
export function SessionsPage() {
  const t = useTranslate();
  const { result, query } = useList<StaffSessionItem>({ resource: 'sessions', pagination: { mode: 'off' } });
  const { mutate: revoke, mutation } = useDelete();
  return (
    <List title={t('sessions.title')} breadcrumb={false}>
      <Table<StaffSessionItem>
        rowKey="id"
        size="middle"
        loading={query.isFetching}
        dataSource={result.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'device',
            title: t('sessions.device'),
            render: (_, s) => (
              <span title={s.user_agent ?? undefined}>
                {browserOf(s.user_agent)} {s.current && <Tag color="green">{t('sessions.current')}</Tag>}
              </span>
            ),
          },
          {
            key: 'revoke',
            title: '',
            render: (_, s) => (
              <Popconfirm
                title={t('sessions.revoke')}
                okText={t('buttons.confirm')}
                cancelText={t('buttons.cancel')}
                onConfirm={() =>
                  revoke(
                    {
                      resource: 'sessions',
                      id: s.id,
                      successNotification: { message: t('sessions.revoked'), type: 'success' },
                    },
                    { onSuccess: () => s.current && window.location.assign('/admin/login') },
                  )
                }
              >
                <Button danger size="small" loading={mutation.isPending}>
                  {t('sessions.revoke')}
                </Button>
              </Popconfirm>
            ),
          },
          { key: 'ip', title: 'IP', render: (_, s) => s.ip ?? '—' },
          { key: 'created', title: t('sessions.started'), render: (_, s) => dateTime(s.created_at) },
          { key: 'seen', title: t('sessions.lastSeen'), render: (_, s) => dateTime(s.last_seen_at) },
          { key: 'expires', title: t('sessions.expires'), render: (_, s) => dateTime(s.expires_at) },
        ]}
      />
    </List>
  );
}

/** "Chrome 156 · Linux" out of a user agent: enough to tell one's devices apart; the whole string is its title. */
export function browserOf(ua: string | null): string {
  if (!ua) return '—';
  const browser = /(Edg|OPR|Firefox|HeadlessChrome|Chrome|Version)\/(\d+)/.exec(ua);
  const name = browser ? ({ Edg: 'Edge', OPR: 'Opera', Version: 'Safari' }[browser[1]!] ?? browser[1]) : null;
  const os = /(Windows|Android|iPhone|iPad|Mac OS X|Linux)/.exec(ua)?.[1]?.replace('Mac OS X', 'macOS');
  return [name && `${name} ${browser![2]}`, os].filter(Boolean).join(' · ') || ua.slice(0, 60);
}
