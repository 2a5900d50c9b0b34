import { List } from '@refinedev/antd';
import { useCan, useTranslate } from '@refinedev/core';
import type { AdminCashbackReply, AdminCashbackRun, AdminCashbackRunReply } from '@sorte/contracts';
import { Alert, App, Button, DatePicker, Form, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { api } from '../../lib/api';
import { dateTime, money } from '../../lib/format';
import { errorText, showFieldErrors, useLoaded } from './shared';

/** The computed cashback weeks (cashback:runs) and a run of a closed week (cashback:run, computed once). */
export function CashbackPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const canRun = useCan({ resource: 'promotions-cashback', action: 'create' }).data?.can ?? false;
  const { data, loading, reload } = useLoaded<AdminCashbackReply>('/api/admin/promotions/cashback');
  const [form] = Form.useForm<{ day?: Dayjs | null }>();

  const run = async (v: { day?: Dayjs | null }) => {
    try {
      const r = await api<AdminCashbackRunReply>('/api/admin/promotions/cashback/runs', {
        method: 'POST',
        body: v.day ? { period: v.day.format('YYYY-MM-DD') } : {},
      });
      const args = { start: r.run.period_start, end: r.run.period_end, n: r.run.entries, total: money(r.run.total) };
      if (r.created) message.success(t('promotions.cashback.computed', args));
      else message.info(t('promotions.cashback.already', args));
      reload();
    } catch (e) {
      if (!showFieldErrors(form, e)) message.error(errorText(e));
    }
  };

  return (
    <List
      title={t('promotions.cashback.title')}
      breadcrumb={false}
      headerButtons={<Button onClick={reload}>{t('buttons.refresh')}</Button>}
    >
      {data && (
        <Alert
          style={{ marginBottom: 16 }}
          type={data.enabled ? 'info' : 'warning'}
          showIcon
          message={
            data.enabled
              ? t('promotions.cashback.on', {
                  percent: data.percentage,
                  type: t(`promotions.cashback.types.${data.type}`),
                })
              : t('promotions.cashback.off')
          }
        />
      )}
      {canRun && data?.enabled && (
        <Form form={form} layout="inline" onFinish={run} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="day" label={t('promotions.cashback.week')} help={t('promotions.cashback.weekHelp')}>
            <DatePicker />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('promotions.cashback.run')}
          </Button>
        </Form>
      )}
      <Table<AdminCashbackRun>
        size="middle"
        rowKey="id"
        loading={loading}
        dataSource={data?.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: true }}
        locale={{ emptyText: t('promotions.cashback.empty') }}
        columns={[
          {
            key: 'week',
            title: t('promotions.cashback.week'),
            render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{`${r.period_start} – ${r.period_end}`}</span>,
          },
          { key: 'entries', title: t('promotions.cashback.entries'), dataIndex: 'entries' },
          {
            key: 'total',
            title: t('promotions.cashback.total'),
            render: (_, r) => (
              <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                {money(r.total)}
              </Typography.Text>
            ),
          },
          { key: 'percent', title: '%', render: (_, r) => `${r.percentage}%` },
          {
            key: 'type',
            title: t('promotions.cashback.type'),
            render: (_, r) => t(`promotions.cashback.kinds.${r.type}`),
          },
          { key: 'release', title: t('promotions.cashback.release'), render: (_, r) => dateTime(r.available_at) },
          {
            key: 'source',
            title: t('promotions.cashback.source'),
            render: (_, r) => (
              <Tag color={r.source === 'job' ? 'blue' : 'purple'}>{t(`promotions.cashback.sources.${r.source}`)}</Tag>
            ),
          },
        ]}
      />
      <Space />
    </List>
  );
}
