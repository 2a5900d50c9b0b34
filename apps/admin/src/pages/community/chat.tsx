import { List } from '@refinedev/antd';
import { useCan, useTranslate } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { AdminChatMessage } from '@sorte/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { App, Button, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { api } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { chatPages } from './paths';

const MUTE_CHOICES = [10, 60, 24 * 60, 7 * 24 * 60];

/** Chat moderation: the tenant's newest messages; delete, pin/unpin, mute the author. */
export function ChatModerationPage() {
  const t = useTranslate();
  const { message, modal } = App.useApp();
  const canModerate = useCan({ resource: 'chat-messages', action: 'moderate' }).data?.can ?? false;
  const [muting, setMuting] = useState<AdminChatMessage | null>(null);
  const [minutes, setMinutes] = useState(60);
  const [reason, setReason] = useState('');
  const [userFilter, setUserFilter] = useState<number | null>(null);

  const refresh = () => {
    chatPages.clear();
    void table.refineCore.tableQuery.refetch();
  };
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(t(done));
      refresh();
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
  };
  const pinned = (m: AdminChatMessage) => m.pinned_until !== null;

  const columns: ColumnDef<AdminChatMessage>[] = [
    {
      id: 'created_at',
      header: t('community.chat.time'),
      enableSorting: false,
      cell: ({ row }) => dateTime(row.original.created_at),
    },
    { id: 'room', accessorKey: 'room', header: t('community.chat.room'), enableSorting: false },
    {
      id: 'player',
      header: t('community.chat.player'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.user_id === null ? (
          <Tag>{t('community.chat.system')}</Tag>
        ) : (
          <Space direction="vertical" size={2}>
            <span style={{ whiteSpace: 'nowrap' }}>
              {row.original.player_name} (#{row.original.user_id})
            </span>
            {row.original.muted_until && (
              <Tag color="red">{t('community.chat.mutedUntil', { until: dateTime(row.original.muted_until) })}</Tag>
            )}
          </Space>
        ),
    },
    {
      id: 'text',
      header: t('community.chat.text'),
      enableSorting: false,
      cell: ({ row }) => (
        <Space direction="vertical" size={0} style={{ width: 'min(40vw, 420px)', minWidth: 220 }}>
          {pinned(row.original) && (
            <Tag color="gold">{t('community.chat.pinnedUntil', { until: dateTime(row.original.pinned_until!) })}</Tag>
          )}
          <Typography.Text style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
            {row.original.text}
          </Typography.Text>
        </Space>
      ),
    },
    {
      id: 'actions',
      header: t('community.chat.actions'),
      enableSorting: false,
      cell: ({ row }) => {
        const m = row.original;
        if (!canModerate) return null;
        return (
          <Space wrap>
            <Button
              size="small"
              onClick={() =>
                act(
                  () =>
                    api(`/api/admin/chat/messages/${m.id}/pin`, {
                      method: 'POST',
                      body: { minutes: pinned(m) ? 0 : 60 },
                    }),
                  pinned(m) ? 'community.chat.unpinned' : 'community.chat.pinned',
                )
              }
            >
              {pinned(m) ? t('community.chat.unpin') : t('community.chat.pin')}
            </Button>
            {m.user_id !== null && (
              <Button size="small" onClick={() => setMuting(m)}>
                {m.muted_until ? t('community.chat.changeMute') : t('community.chat.mute')}
              </Button>
            )}
            <Button
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: t('community.chat.deleteConfirm'),
                  content: m.text,
                  okText: t('community.chat.delete'),
                  okButtonProps: { danger: true },
                  cancelText: t('buttons.cancel'),
                  onOk: () =>
                    act(() => api(`/api/admin/chat/messages/${m.id}`, { method: 'DELETE' }), 'community.chat.deleted'),
                })
              }
            >
              {t('community.chat.delete')}
            </Button>
          </Space>
        );
      },
    },
  ];

  const table = useTable<AdminChatMessage>({
    columns,
    refineCoreProps: {
      resource: 'chat-messages',
      pagination: { pageSize: 25, mode: 'server' },
      filters: { mode: 'server' },
      sorters: { mode: 'off' },
      syncWithLocation: false,
    },
  });

  return (
    <List
      title={t('community.chat.title')}
      breadcrumb={false}
      headerButtons={
        <Space wrap>
          <InputNumber
            aria-label={t('community.chat.filterPlayer')}
            placeholder={t('community.chat.filterPlayer')}
            min={1}
            style={{ width: 180 }}
            value={userFilter}
            onChange={(v) => {
              setUserFilter(v);
              chatPages.clear();
              table.refineCore.setFilters(v ? [{ field: 'user_id', operator: 'eq', value: v }] : [], 'replace');
              table.refineCore.setCurrentPage(1);
            }}
          />
          <Button onClick={refresh}>{t('buttons.refresh')}</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('community.chat.help')}</Typography.Paragraph>
      <DataTable table={table} rowKey="id" empty={t('community.chat.empty')} />
      <Modal
        open={muting !== null}
        title={muting ? t('community.chat.muteTitle', { player: `${muting.player_name} (#${muting.user_id})` }) : ''}
        okText={t('community.chat.mute')}
        okButtonProps={{ disabled: !reason.trim() }}
        cancelText={t('buttons.cancel')}
        onCancel={() => setMuting(null)}
        onOk={async () => {
          const m = muting;
          if (!m) return;
          setMuting(null);
          await act(
            () =>
              api('/api/admin/chat/mutes', {
                method: 'POST',
                body: { user_id: m.user_id, minutes, reason: reason.trim() },
              }),
            minutes > 0 ? 'community.chat.muted' : 'community.chat.unmuted',
          );
          setReason('');
        }}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select
            aria-label={t('community.chat.duration')}
            value={minutes}
            onChange={setMinutes}
            style={{ width: '100%' }}
            options={[
              ...MUTE_CHOICES.map((m) => ({ value: m, label: t(`community.chat.durations.${m}`) })),
              { value: 0, label: t('community.chat.durations.0') },
            ]}
          />
          <Input.TextArea
            aria-label={t('community.chat.reason')}
            placeholder={t('community.chat.reason')}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        </Space>
      </Modal>
    </List>
  );
}
