import { List } from '@refinedev/antd';
import { useCan, useTranslate } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import { ADMIN_REFERRAL_STATES, type AdminReferral, type AdminReferralsReply } from '@sorte/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { App, Button, Form, Input, Modal, Select, Space, Statistic, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { api } from '../../lib/api';
import { CursorPages } from '../../lib/cursor-pages';
import { dateTime, money } from '../../lib/format';
import { errorText, showFieldErrors, useLoaded } from './shared';

/** The refer-a-friend list's cursors behind refine's page numbers (cleared after a decision changes the list). */
export const affiliatePages = new CursorPages();

const COLOR: Record<string, string> = {
  refused: 'red',
  registered: 'default',
  qualifying: 'blue',
  review: 'gold',
  paid: 'green',
  rejected: 'volcano',
};

/** Refer a friend (affiliate:list): who referred whom and the CPA; finance pays or rejects one in review. */
export function AffiliatesPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const canApprove = useCan({ resource: 'promotions-affiliates', action: 'approve' }).data?.can ?? false;
  const canReject = useCan({ resource: 'promotions-affiliates', action: 'reject' }).data?.can ?? false;
  const summary = useLoaded<AdminReferralsReply>('/api/admin/promotions/affiliates?status=review&limit=1');
  // The dashboard's queue links here with ?status=review.
  const [params] = useSearchParams();
  const initialStatus = (ADMIN_REFERRAL_STATES as readonly string[]).includes(params.get('status') ?? '')
    ? params.get('status')!
    : 'all';
  const [approving, setApproving] = useState<AdminReferral | null>(null);
  const [rejecting, setRejecting] = useState<AdminReferral | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const refresh = () => {
    affiliatePages.clear();
    table.refineCore.tableQuery.refetch();
    summary.reload();
  };

  const approve = async () => {
    if (!approving) return;
    try {
      await api(`/api/admin/promotions/affiliates/${approving.id}/approve`, { method: 'POST', body: {} });
      message.success(t('promotions.affiliates.paid'));
      setApproving(null);
      refresh();
    } catch (e) {
      message.error(errorText(e));
    }
  };

  const reject = async (v: { reason: string }) => {
    if (!rejecting) return;
    try {
      await api(`/api/admin/promotions/affiliates/${rejecting.id}/reject`, { method: 'POST', body: v });
      message.success(t('promotions.affiliates.rejected'));
      setRejecting(null);
      form.resetFields();
      refresh();
    } catch (e) {
      if (!showFieldErrors(form, e)) message.error(errorText(e));
    }
  };

  const columns = useMemo<ColumnDef<AdminReferral>[]>(
    () => [
      { id: 'id', header: '#', cell: ({ row }) => row.original.id },
      {
        id: 'created',
        header: t('promotions.affiliates.created'),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
      {
        id: 'referrer',
        header: t('promotions.affiliates.referrer'),
        cell: ({ row }) => (
          <Link
            to={`/players/${row.original.referrer_id}`}
          >{`${row.original.referrer_name} (#${row.original.referrer_id})`}</Link>
        ),
      },
      {
        id: 'referred',
        header: t('promotions.affiliates.referred'),
        cell: ({ row }) => (
          <Link
            to={`/players/${row.original.referred_id}`}
          >{`${row.original.referred_name} (#${row.original.referred_id})`}</Link>
        ),
      },
      {
        id: 'status',
        header: t('promotions.status'),
        cell: ({ row }) => (
          <Space direction="vertical" size={0}>
            <Tag color={COLOR[row.original.status]}>{t(`promotions.affiliates.states.${row.original.status}`)}</Tag>
            {row.original.reason && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.original.reason_note ?? row.original.reason}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      {
        id: 'activity',
        header: t('promotions.affiliates.activity'),
        cell: ({ row }) =>
          `${row.original.first_deposit === null ? '—' : money(row.original.first_deposit)} · ${money(row.original.wagered)}`,
      },
      {
        id: 'cpa',
        header: 'CPA',
        cell: ({ row }) => (row.original.cpa_amount === null ? '—' : money(row.original.cpa_amount)),
      },
      {
        id: 'review',
        header: t('promotions.affiliates.reviewUntil'),
        cell: ({ row }) =>
          row.original.status === 'review' && row.original.review_until ? dateTime(row.original.review_until) : '',
      },
      {
        id: 'act',
        header: '',
        cell: ({ row }) => {
          const r = row.original;
          const open = ['registered', 'qualifying', 'review'].includes(r.status);
          return (
            <Space wrap>
              {canApprove && r.status === 'review' && (
                <Button size="small" type="primary" onClick={() => setApproving(r)}>
                  {t('promotions.affiliates.approve')}
                </Button>
              )}
              {canReject && open && (
                <Button size="small" danger onClick={() => setRejecting(r)}>
                  {t('promotions.affiliates.reject')}
                </Button>
              )}
            </Space>
          );
        },
      },
    ],
    [t, canApprove, canReject],
  );
  const table = useTable<AdminReferral>({
    columns,
    enableSorting: false,
    refineCoreProps: {
      resource: 'promotions-affiliates',
      pagination: { pageSize: 25, mode: 'server' },
      filters: {
        mode: 'server',
        initial: initialStatus === 'all' ? [] : [{ field: 'status', operator: 'eq', value: initialStatus }],
      },
      sorters: { mode: 'off' },
      syncWithLocation: false,
    },
  });

  return (
    <List
      title={t('promotions.affiliates.title')}
      breadcrumb={false}
      headerButtons={<Button onClick={refresh}>{t('buttons.refresh')}</Button>}
    >
      <Space wrap size="large" style={{ marginBottom: 16 }}>
        <Statistic title={t('promotions.affiliates.inReview')} value={summary.data?.in_review ?? 0} />
        <Statistic
          title={t('promotions.affiliates.inReviewAmount')}
          value={money(summary.data?.in_review_amount ?? 0)}
        />
        <Form.Item label={t('promotions.status')} style={{ marginBottom: 0 }}>
          <Select
            style={{ width: 180 }}
            defaultValue={initialStatus}
            aria-label={t('promotions.status')}
            onChange={(v: string) => {
              table.refineCore.setFilters(
                [{ field: 'status', operator: 'eq', value: v === 'all' ? undefined : v }],
                'replace',
              );
              table.refineCore.setCurrentPage(1);
            }}
            options={[
              { value: 'all', label: t('promotions.all') },
              ...ADMIN_REFERRAL_STATES.map((s) => ({ value: s, label: t(`promotions.affiliates.states.${s}`) })),
            ]}
          />
        </Form.Item>
      </Space>
      <DataTable table={table} rowKey="id" empty={t('promotions.affiliates.empty')} />
      <Modal
        title={t('promotions.affiliates.approveConfirm', {
          amount: money(approving?.cpa_amount ?? 0),
          name: approving?.referrer_name ?? '',
        })}
        open={approving !== null}
        onCancel={() => setApproving(null)}
        onOk={approve}
        okText={t('promotions.affiliates.approve')}
        cancelText={t('buttons.cancel')}
      >
        <Typography.Paragraph type="secondary">{t('promotions.affiliates.approveHelp')}</Typography.Paragraph>
      </Modal>
      <Modal
        title={t('promotions.affiliates.rejectTitle', { id: rejecting?.id ?? '' })}
        open={rejecting !== null}
        onCancel={() => setRejecting(null)}
        onOk={() => form.submit()}
        okText={t('promotions.affiliates.reject')}
        okButtonProps={{ danger: true }}
        cancelText={t('buttons.cancel')}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('promotions.affiliates.rejectHelp')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={reject}>
          <Form.Item
            name="reason"
            label={t('promotions.affiliates.reason')}
            rules={[{ required: true, min: 3, message: t('promotions.affiliates.reasonRule') }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </List>
  );
}
