import { Show } from '@refinedev/antd';
import { useCan, useTranslate } from '@refinedev/core';
import type { AdminEventDetailReply, AdminSettleReply } from '@sorte/contracts';
import { App, Button, Card, DatePicker, Descriptions, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../lib/api';
import { dateTime, money } from '../../lib/format';
import { currentLocale } from '../../lib/locale';
import { errorText, eventPages } from './paths';

type Mode = 'score' | 'void' | 'rollback' | 'cancel_window';

/** An event on the desk: its markets and odds, hold/resume, manual settlement, void, rollback and its liability. */
export function EventPage() {
  const t = useTranslate();
  const { id } = useParams();
  const { message, modal } = App.useApp();
  const canUpdate = useCan({ resource: 'catalog-events', action: 'update' }).data?.can ?? false;
  const canSettle = useCan({ resource: 'catalog-events', action: 'settle' }).data?.can ?? false;
  const [data, setData] = useState<AdminEventDetailReply | null>(null);
  const [mode, setMode] = useState<Mode>('score');
  const [score, setScore] = useState('');
  const [ht, setHt] = useState('');
  const [reason, setReason] = useState('');
  // A cancelled window: the legs placed between these instants are voided (a bet accepted on a stale price).
  const [span, setSpan] = useState<[Dayjs | null, Dayjs | null] | null>(null);

  const load = useCallback(() => {
    api<AdminEventDetailReply>(`/api/admin/catalog/events/${id}`)
      .then(setData)
      .catch((e) => message.error(errorText(e)));
  }, [id, message]);
  useEffect(() => load(), [load]);

  const hold = async (resume: boolean) => {
    try {
      const r = await api<{ changed: number }>(`/api/admin/catalog/events/${id}/${resume ? 'resume' : 'suspend'}`, {
        method: 'POST',
      });
      message.success(t(resume ? 'catalog.event.resumed' : 'catalog.event.suspended', { n: r.changed }));
      eventPages.clear();
      load();
    } catch (e) {
      message.error(errorText(e));
    }
  };
  const settle = () => {
    const body =
      mode === 'score'
        ? {
            mode,
            score: score.trim(),
            ...(ht.trim() ? { ht: ht.trim() } : {}),
            ...(reason.trim() ? { reason: reason.trim() } : {}),
          }
        : mode === 'cancel_window'
          ? { mode, from: span?.[0]?.toISOString(), to: span?.[1]?.toISOString(), reason: reason.trim() }
          : { mode, reason: reason.trim() };
    modal.confirm({
      title: t(`catalog.event.confirm.${mode}`),
      okText: t('buttons.confirm'),
      okButtonProps: { danger: mode !== 'score' },
      cancelText: t('buttons.cancel'),
      onOk: async () => {
        try {
          const r = await api<AdminSettleReply>(`/api/admin/catalog/events/${id}/settle`, { method: 'POST', body });
          message.success(
            t('catalog.event.settledMsg', {
              settled: r.settled,
              won: r.won,
              paid: money(r.paid),
              reopened: r.reopened,
            }) + (mode === 'cancel_window' ? ` ${t('catalog.event.voidedMsg', { n: r.voided })}` : ''),
          );
          eventPages.clear();
          load();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });
  };

  if (!data) return <Show title={t('catalog.event.title')} isLoading breadcrumb={false} />;
  const e = data.event;
  const open = e.status === 'not_started' || e.status === 'live';

  return (
    <Show
      title={`${e.home} x ${e.away}`}
      breadcrumb={false}
      headerButtons={
        <Space wrap>
          {canUpdate && open && !e.operator_hold && (
            <Button danger onClick={() => hold(false)}>
              {t('catalog.event.suspend')}
            </Button>
          )}
          {canUpdate && open && e.operator_hold && (
            <Button type="primary" onClick={() => hold(true)}>
              {t('catalog.event.resume')}
            </Button>
          )}
          <Button onClick={load}>{t('buttons.refresh')}</Button>
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
        <Descriptions.Item label={t('catalog.events.tournament')}>{e.tournament}</Descriptions.Item>
        <Descriptions.Item label={t('catalog.events.kickoff')}>{dateTime(e.starts_at)}</Descriptions.Item>
        <Descriptions.Item label={t('catalog.events.status')}>
          <Space size={4} wrap>
            <Tag>{t(`catalog.events.statuses.${e.status}`)}</Tag>
            {e.operator_hold && <Tag color="volcano">{t('catalog.events.held')}</Tag>}
            {e.bet_stop && <Tag color="orange">{t('catalog.events.betStop')}</Tag>}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('catalog.events.score')}>
          {e.score_home}-{e.score_away} {e.status === 'live' ? `(${e.minute}')` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('catalog.event.result')}>
          {e.result_home === null ? '—' : `${e.result_home}-${e.result_away}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('catalog.events.markets')}>
          {e.active_markets}/{e.markets}
        </Descriptions.Item>
      </Descriptions>

      {canSettle && (
        <Card size="small" title={t('catalog.event.settleTitle')} style={{ marginTop: 16 }}>
          <Space wrap align="start">
            <Select<Mode>
              aria-label={t('catalog.event.mode')}
              value={mode}
              onChange={setMode}
              style={{ width: 200 }}
              options={(['score', 'void', 'rollback', 'cancel_window'] as const).map((m) => ({
                value: m,
                label: t(`catalog.event.modes.${m}`),
              }))}
            />
            {mode === 'score' && (
              <>
                <Input
                  aria-label={t('catalog.event.final')}
                  placeholder={t('catalog.event.final')}
                  value={score}
                  onChange={(x) => setScore(x.target.value)}
                  style={{ width: 150 }}
                />
                <Input
                  aria-label={t('catalog.event.ht')}
                  placeholder={t('catalog.event.ht')}
                  value={ht}
                  onChange={(x) => setHt(x.target.value)}
                  style={{ width: 150 }}
                />
              </>
            )}
            {mode === 'cancel_window' && (
              <DatePicker.RangePicker
                showTime
                aria-label={t('catalog.event.window')}
                placeholder={[t('catalog.event.windowFrom'), t('catalog.event.windowTo')]}
                value={span}
                onChange={(v) => setSpan(v as [Dayjs | null, Dayjs | null] | null)}
              />
            )}
            <Input
              aria-label={t('catalog.event.reason')}
              placeholder={t('catalog.event.reason')}
              value={reason}
              maxLength={500}
              onChange={(x) => setReason(x.target.value)}
              style={{ width: 260 }}
            />
            <Button
              type="primary"
              danger={mode !== 'score'}
              disabled={
                mode === 'score'
                  ? !score.trim()
                  : !reason.trim() || (mode === 'cancel_window' && !(span?.[0] && span?.[1]))
              }
              onClick={settle}
            >
              {t(`catalog.event.modes.${mode}`)}
            </Button>
          </Space>
        </Card>
      )}

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('catalog.event.liability')}
      </Typography.Title>
      <Table
        size="small"
        rowKey={(r) => `${r.market}|${r.outcome}`}
        pagination={false}
        scroll={{ x: true }}
        dataSource={data.liability}
        locale={{ emptyText: t('catalog.event.noBets') }}
        columns={[
          { key: 'market', title: t('catalog.event.market'), dataIndex: 'market_name' },
          { key: 'outcome', title: t('catalog.event.outcome'), dataIndex: 'outcome_name' },
          { key: 'bets', title: t('catalog.event.bets'), dataIndex: 'bets' },
          { key: 'stakes', title: t('catalog.event.stakes'), render: (_, r) => money(r.stakes) },
          { key: 'potential', title: t('catalog.event.pays'), render: (_, r) => money(r.potential) },
          {
            key: 'book',
            title: t('catalog.event.bookIfWins'),
            render: (_, r) => (
              <Typography.Text type={r.book_if_wins < 0 ? 'danger' : undefined}>
                {money(r.book_if_wins)}
              </Typography.Text>
            ),
          },
        ]}
      />

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('catalog.event.marketsTitle')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: true }}
        dataSource={data.markets}
        columns={[
          {
            key: 'market',
            title: t('catalog.event.market'),
            render: (_, m) => m.name,
          },
          {
            key: 'status',
            title: t('catalog.events.status'),
            render: (_, m) => (
              <Tag color={m.status === 'active' ? 'green' : 'orange'}>
                {t(`catalog.event.marketStatuses.${m.status}`)}
              </Tag>
            ),
          },
          {
            key: 'odds',
            title: t('catalog.event.odds'),
            render: (_, m) => (
              <Space size={4} wrap>
                {m.outcomes.map((o) => (
                  <Tag key={o.id} color={o.active ? undefined : 'default'}>
                    {o.name}{' '}
                    {o.odds === null
                      ? '—'
                      : (o.odds / 10_000).toLocaleString(currentLocale(), {
                          minimumFractionDigits: 2,
                          maximumFractionDigits: 2,
                        })}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Show>
  );
}
