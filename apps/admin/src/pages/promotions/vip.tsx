import { List } from '@refinedev/antd';
import { useTranslate } from '@refinedev/core';
import type { AdminVipLevel, AdminVipReply } from '@sorte/contracts';
import { Button, Descriptions, Space, Table, Typography } from 'antd';
import { money } from '../../lib/format';
import { useLoaded } from './shared';

/** The VIP ladder (vip:levels) with the players on each level this season; the ladder is set by vip:set-levels. */
export function VipPage() {
  const t = useTranslate();
  const { data, loading, reload } = useLoaded<AdminVipReply>('/api/admin/promotions/vip');
  return (
    <List
      title={t('promotions.vip.title')}
      breadcrumb={false}
      headerButtons={<Button onClick={reload}>{t('buttons.refresh')}</Button>}
    >
      {data && (
        <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('promotions.vip.season')}>{data.season}</Descriptions.Item>
          <Descriptions.Item label={t('promotions.vip.points')}>{data.points_per_real}</Descriptions.Item>
          <Descriptions.Item label={t('promotions.vip.players')}>{data.players}</Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Paragraph type="secondary">{t('promotions.vip.help')}</Typography.Paragraph>
      <Table<AdminVipLevel>
        size="middle"
        rowKey="level"
        loading={loading}
        dataSource={data?.levels ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('promotions.vip.empty') }}
        columns={[
          { key: 'level', title: t('promotions.vip.level'), dataIndex: 'level' },
          {
            key: 'name',
            title: t('promotions.name'),
            render: (_, l) => (
              <Space>
                <span
                  aria-hidden
                  style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, background: l.color }}
                />
                <Typography.Text strong>{l.name_pt}</Typography.Text>
                <Typography.Text type="secondary">{l.name_en}</Typography.Text>
              </Space>
            ),
          },
          { key: 'threshold', title: t('promotions.vip.threshold'), render: (_, l) => money(l.threshold) },
          {
            key: 'reward',
            title: t('promotions.vip.reward'),
            render: (_, l) =>
              [
                l.reward_cash > 0 ? money(l.reward_cash) : null,
                l.reward_offer_id !== null ? t('promotions.missions.rewards.offer', { id: l.reward_offer_id }) : null,
                l.reward_box_id !== null ? t('promotions.missions.rewards.box', { id: l.reward_box_id }) : null,
              ]
                .filter(Boolean)
                .join(' + ') || '—',
          },
          { key: 'players', title: t('promotions.vip.onLevel'), dataIndex: 'players' },
        ]}
      />
    </List>
  );
}
