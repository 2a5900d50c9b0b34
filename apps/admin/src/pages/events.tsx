import { useCan, useTranslate } from '@refinedev/core';
import type { AdminParkedEvent, AdminParkedEventsReply } from '@sorte/contracts';
import { App, Button, Typography } from 'antd';
import { Link } from 'react-router';
import { api } from '../lib/api';
import { dateTime } from '../lib/format';
import { errorText, ListPage, useLoaded } from './promotions/shared';

/** Events a consumer parked after its last attempt (events:failed), each one retried on its own (events:retry). */
export function FailedEventsPage() {
  const t = useTranslate();
  const { message, modal } = App.useApp();
  const canRetry = useCan({ resource: 'events', action: 'update' }).data?.can ?? false;
  const { data, loading, reload } = useLoaded<AdminParkedEventsReply>('/api/admin/events/failed');

  const retry = (e: AdminParkedEvent) =>
    modal.confirm({
      title: t('events.retryConfirm', { id: e.event_id, consumer: e.consumer }),
      okText: t('events.retry'),
      cancelText: t('buttons.cancel'),
      onOk: async () => {
        try {
          await api(`/api/admin/events/failed/${encodeURIComponent(e.consumer)}/${e.event_id}/retry`, {
            method: 'POST',
            body: {},
          });
          message.success(t('events.retried'));
        } catch (err) {
          message.error(errorText(err));
        }
        reload();
      },
    });

  return (
    <ListPage<AdminParkedEvent>
      title={t('events.title')}
      help={t('events.help')}
      reload={reload}
      loading={loading}
      rows={data?.data ?? []}
      rowKey={(e) => `${e.consumer}:${e.event_id}`}
      empty={t('events.empty')}
      columns={[
        { key: 'consumer', title: t('events.consumer'), render: (_, e) => <code>{e.consumer}</code> },
        {
          key: 'event',
          title: t('events.event'),
          render: (_, e) => (
            <span>
              <code>{e.name}</code> #{e.event_id}
            </span>
          ),
        },
        { key: 'tenant', title: t('events.tenant'), dataIndex: 'tenant_id' },
        {
          key: 'player',
          title: t('events.player'),
          render: (_, e) => (e.user_id === null ? '—' : <Link to={`/players/${e.user_id}`}>#{e.user_id}</Link>),
        },
        { key: 'attempts', title: t('events.attempts'), dataIndex: 'attempts' },
        {
          key: 'error',
          title: t('events.error'),
          render: (_, e) => (
            <Typography.Text type="danger" style={{ display: 'block', maxWidth: 320, wordBreak: 'break-word' }}>
              {e.last_error}
            </Typography.Text>
          ),
        },
        { key: 'created', title: t('events.created'), render: (_, e) => dateTime(e.created_at) },
        { key: 'parked', title: t('events.parked'), render: (_, e) => dateTime(e.parked_at) },
        {
          key: 'act',
          title: '',
          render: (_, e) =>
            canRetry ? (
              <Button size="small" onClick={() => retry(e)}>
                {t('events.retry')}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
