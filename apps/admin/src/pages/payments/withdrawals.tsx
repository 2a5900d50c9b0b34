import { List } from '@refinedev/antd';
import { useCan, useInvalidate, useTranslate } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import { type AdminWithdrawal, type AdminWithdrawalReply, WITHDRAWAL_STATUSES } from '@sorte/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { App, Button, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DataTable } from '../../components/data-table';
import { useStepUp } from '../../components/step-up';
import { api, PATHS } from '../../lib/api';
import { dateTime, money } from '../../lib/format';
import { forgetPages } from '../../lib/providers';

const STATUS_COLOR: Record<string, string> = {
  under_review: 'orange',
  pending: 'blue',
  processing: 'cyan',
  approved: 'green',
  cancelled: 'default',
  invalid_key: 'red',
};

/** The review queue: oldest deadline first, approve or reject with a fresh authenticator code. */
export function WithdrawalsPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const stepUp = useStepUp();
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const canApprove = useCan({ resource: 'withdrawals', action: 'approve' }).data?.can ?? false;
  const canReject = useCan({ resource: 'withdrawals', action: 'reject' }).data?.can ?? false;
  const [now, setNow] = useState(Date.now());
  // The 120-minute clock moves on its own.
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);

  const decide = async (w: AdminWithdrawal, act: 'approve' | 'reject', why?: string) => {
    setBusy(w.id);
    try {
      const r = (await stepUp.run(() =>
        api<AdminWithdrawalReply>(PATHS.withdrawal(w.id, act), { method: 'POST', body: why ? { reason: why } : {} }),
      )) as AdminWithdrawalReply | null | undefined;
      if (!r) return false;
      const held = act === 'approve' && r.withdrawal.status === 'under_review';
      message.success(
        t(
          held
            ? 'payments.withdrawals.firstRecorded'
            : act === 'approve'
              ? 'withdrawals.approved'
              : 'withdrawals.rejected',
        ),
      );
      forgetPages();
      await invalidate({ resource: 'withdrawals', invalidates: ['list'] });
      return true;
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
      return false;
    } finally {
      setBusy(null);
    }
  };

  // Rebuilt on each render: the labels follow the language, the buttons the rights and the busy row.
  const columns: ColumnDef<AdminWithdrawal>[] = [
    { id: 'id', accessorKey: 'id', header: '#', enableSorting: false },
    {
      id: 'player',
      header: t('withdrawals.player'),
      enableSorting: false,
      cell: ({ row }) => `${row.original.player_name} (#${row.original.player_id})`,
    },
    {
      id: 'amount',
      accessorKey: 'amount',
      header: t('withdrawals.amount'),
      cell: ({ row }) => <Typography.Text strong>{money(row.original.amount)}</Typography.Text>,
    },
    {
      id: 'pix_key_type',
      accessorKey: 'pix_key_type',
      header: t('withdrawals.key'),
      enableSorting: false,
      cell: ({ row }) => row.original.pix_key_type.toUpperCase(),
    },
    {
      id: 'requested_at',
      accessorKey: 'requested_at',
      header: t('withdrawals.requested'),
      cell: ({ row }) => dateTime(row.original.requested_at),
    },
    {
      id: 'due_at',
      accessorKey: 'due_at',
      header: t('withdrawals.due'),
      cell: ({ row }) => <Deadline due={row.original.due_at} now={now} open={isOpen(row.original.status)} />,
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: t('withdrawals.status'),
      enableSorting: false,
      cell: ({ row }) => (
        <Tag color={STATUS_COLOR[row.original.status]}>{t(`withdrawals.statuses.${row.original.status}`)}</Tag>
      ),
    },
    {
      id: 'review_reason',
      accessorKey: 'review_reason',
      header: t('withdrawals.reason'),
      enableSorting: false,
      cell: ({ row }) => {
        const r = row.original.last_error ?? row.original.review_reason;
        // Wrapped, so the approve and reject buttons stay on a laptop's screen.
        return r ? (
          <span style={{ display: 'inline-block', maxWidth: 150, whiteSpace: 'normal' }}>
            {t(`withdrawals.reasons.${r}`, r)}
          </span>
        ) : (
          '—'
        );
      },
    },
    {
      id: 'approvals',
      header: t('payments.withdrawals.approvals'),
      enableSorting: false,
      cell: ({ row }) => <Approvals w={row.original} />,
    },
    {
      id: 'actions',
      header: t('withdrawals.actions'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.status === 'under_review' && (canApprove || canReject) ? (
          <Space>
            {canApprove && (
              <Button
                type="primary"
                size="small"
                loading={busy === row.original.id}
                onClick={() =>
                  Modal.confirm({
                    title: t('withdrawals.approveConfirm', {
                      amount: money(row.original.amount),
                      player: row.original.player_name,
                    }),
                    okText: t('withdrawals.approve'),
                    cancelText: t('buttons.cancel'),
                    onOk: () => {
                      void decide(row.original, 'approve');
                    },
                  })
                }
              >
                {t('withdrawals.approve')}
              </Button>
            )}
            {canReject && (
              <Button
                danger
                size="small"
                onClick={() => {
                  setReason('');
                  setRejecting(row.original);
                }}
              >
                {t('withdrawals.reject')}
              </Button>
            )}
          </Space>
        ) : null,
    },
  ];

  const table = useTable<AdminWithdrawal>({
    columns,
    refineCoreProps: {
      resource: 'withdrawals',
      pagination: { pageSize: 20, mode: 'server' },
      sorters: { initial: [{ field: 'due_at', order: 'asc' }], mode: 'server' },
      filters: { initial: [{ field: 'status', operator: 'eq', value: 'under_review' }], mode: 'server' },
      syncWithLocation: false,
    },
  });
  const status = table.refineCore.filters.find((f) => 'field' in f && f.field === 'status')?.value ?? 'under_review';

  return (
    <List
      title={t('withdrawals.title')}
      breadcrumb={false}
      headerButtons={
        <Space wrap>
          <Typography.Text>{t('withdrawals.status')}</Typography.Text>
          <Select
            aria-label={t('withdrawals.status')}
            style={{ minWidth: 160 }}
            value={status}
            onChange={(v) => {
              table.refineCore.setFilters([{ field: 'status', operator: 'eq', value: v }], 'replace');
              table.refineCore.setCurrentPage(1);
            }}
            options={[
              ...WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: t(`withdrawals.statuses.${s}`) })),
              { value: 'all', label: t('withdrawals.all') },
            ]}
          />
          <Button
            onClick={() => {
              forgetPages();
              void table.refineCore.tableQuery.refetch();
            }}
          >
            {t('buttons.refresh')}
          </Button>
        </Space>
      }
    >
      <DataTable table={table} rowKey="id" empty={t('withdrawals.empty')} />
      {stepUp.modal}
      <Modal
        open={rejecting !== null}
        title={rejecting ? t('withdrawals.rejectTitle', { amount: money(rejecting.amount) }) : ''}
        okText={t('withdrawals.reject')}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        cancelText={t('buttons.cancel')}
        onCancel={() => setRejecting(null)}
        onOk={async () => {
          const w = rejecting;
          if (!w) return;
          setRejecting(null);
          await decide(w, 'reject', reason.trim());
        }}
      >
        <Input.TextArea
          aria-label={t('withdrawals.rejectReason')}
          placeholder={t('withdrawals.rejectReason')}
          maxLength={500}
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </List>
  );
}

function isOpen(status: string) {
  return status === 'under_review' || status === 'pending' || status === 'processing';
}

/** The 120-minute clock: minutes left, or minutes late in red. */
function Deadline({ due, now, open }: { due: string; now: number; open: boolean }) {
  const t = useTranslate();
  const min = Math.round((Date.parse(due) - now) / 60_000);
  return (
    <Space direction="vertical" size={0}>
      <span>{dateTime(due)}</span>
      {open && (
        <Typography.Text type={min < 0 ? 'danger' : min < 30 ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
          {min < 0 ? t('withdrawals.late', { min: -min }) : t('withdrawals.left', { min })}
        </Typography.Text>
      )}
    </Space>
  );
}

/** Two-person withdrawals: how many of the two approvals it has, and whose the first is. */
function Approvals({ w }: { w: AdminWithdrawal }) {
  const t = useTranslate();
  if (!w.two_person) return <Typography.Text type="secondary">{t('payments.withdrawals.one')}</Typography.Text>;
  if (!w.first_approved_by) return <Tag color="gold">{t('payments.withdrawals.needsTwo')}</Tag>;
  const who = w.first_approved_by.split(' ').slice(1).join(' ') || w.first_approved_by;
  return (
    <Space direction="vertical" size={0}>
      <Tag color="geekblue">{t('payments.withdrawals.oneOfTwo')}</Tag>
      <Typography.Text style={{ fontSize: 12, maxWidth: 170 }} ellipsis={{ tooltip: who }}>
        {who}
      </Typography.Text>
      {w.first_approved_at && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {dateTime(w.first_approved_at)}
        </Typography.Text>
      )}
    </Space>
  );
}
