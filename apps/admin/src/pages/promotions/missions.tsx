import { useCan, useTranslate } from '@refinedev/core';
import type { AdminPromoMission, AdminPromoMissionsReply } from '@sorte/contracts';
import { App, Button, Tag, Typography } from 'antd';
import { api } from '../../lib/api';
import { money } from '../../lib/format';
import { errorText, ListPage, nameOf, useLoaded } from './shared';

/** The tenant's missions (mission:list) with how far players got; one can be stopped (mission:disable). */
export function MissionsPage() {
  const t = useTranslate();
  const { message, modal } = App.useApp();
  const canUpdate = useCan({ resource: 'promotions-missions', action: 'update' }).data?.can ?? false;
  const { data, loading, reload } = useLoaded<AdminPromoMissionsReply>('/api/admin/promotions/missions');

  const stop = (m: AdminPromoMission) =>
    modal.confirm({
      title: t('promotions.missions.stopConfirm', { name: nameOf(m) }),
      okText: t('promotions.missions.stop'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      onOk: async () => {
        try {
          await api(`/api/admin/promotions/missions/${m.id}/disable`, { method: 'POST', body: {} });
          message.success(t('promotions.saved'));
          reload();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });

  const reward = (m: AdminPromoMission) =>
    m.reward.kind === 'cash'
      ? money(m.reward.amount)
      : t(`promotions.missions.rewards.${m.reward.kind}`, { id: m.reward.id });

  return (
    <ListPage<AdminPromoMission>
      title={t('promotions.missions.title')}
      help={t('promotions.missions.help')}
      reload={reload}
      loading={loading}
      rows={data?.data ?? []}
      rowKey="id"
      empty={t('promotions.missions.empty')}
      columns={[
        { key: 'id', title: '#', dataIndex: 'id' },
        {
          key: 'name',
          title: t('promotions.name'),
          render: (_, m) => (
            <div style={{ minWidth: 200 }}>
              <Typography.Text strong>{nameOf(m)}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{m.description}</Typography.Text>
            </div>
          ),
        },
        {
          key: 'window',
          title: t('promotions.missions.window'),
          render: (_, m) => t(`promotions.missions.windows.${m.window}`),
        },
        {
          key: 'audience',
          title: t('promotions.missions.audience'),
          render: (_, m) =>
            m.audience === 'vip'
              ? t('promotions.missions.audiences.vip', { min: m.vip_min, max: m.vip_max })
              : t(`promotions.missions.audiences.${m.audience}`),
        },
        { key: 'reward', title: t('promotions.missions.reward'), render: (_, m) => reward(m) },
        { key: 'players', title: t('promotions.missions.players'), dataIndex: 'players' },
        { key: 'completed', title: t('promotions.missions.completed'), dataIndex: 'completed' },
        { key: 'claimed', title: t('promotions.missions.claimed'), dataIndex: 'claimed' },
        {
          key: 'active',
          title: t('promotions.status'),
          render: (_, m) =>
            m.active ? (
              <Tag color="green">{t('promotions.missions.running')}</Tag>
            ) : (
              <Tag>{t('promotions.missions.stopped')}</Tag>
            ),
        },
        {
          key: 'act',
          title: '',
          render: (_, m) =>
            canUpdate && m.active ? (
              <Button size="small" danger onClick={() => stop(m)}>
                {t('promotions.missions.stop')}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
