import { useTranslate } from '@refinedev/core';
import type { PlayerStatus } from '@sorte/contracts';
import { Tag } from 'antd';

const COLOR: Record<PlayerStatus, string> = {
  active: 'green',
  blocked: 'red',
  self_excluded: 'purple',
  paused: 'orange',
  closed: 'default',
};

export function StatusTag({ status }: { status: PlayerStatus }) {
  const t = useTranslate();
  return <Tag color={COLOR[status]}>{t(`players.statuses.${status}`)}</Tag>;
}
