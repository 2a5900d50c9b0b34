import { Show } from '@refinedev/antd';
import { useCan, useTranslate } from '@refinedev/core';
import type { AdminDeposit, AdminDepositReply, RefundDepositReply } from '@sorte/contracts';
import { Alert, App, Button, Descriptions, Input, Modal, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../lib/api';
import { dateTime, money } from '../../lib/format';
import { DEPOSIT_COLOR } from './deposits';
import { forgetPaymentPages, PAYMENT_PATHS } from './paths';

/** One deposit: its PSP ids, payer (masked), and the refund to the payer with a written reason. */
export function DepositShowPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const id = Number(useParams().id);
  const [deposit, setDeposit] = useState<AdminDeposit | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const canRefund = useCan({ resource: 'deposits', action: 'update' }).data?.can ?? false;

  const load = useCallback(async () => {
    try {
      setDeposit((await api<AdminDepositReply>(PAYMENT_PATHS.deposit(id))).deposit);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const refund = async (why: string) => {
    setBusy(true);
    try {
      const r = await api<RefundDepositReply>(PAYMENT_PATHS.refund(id), { method: 'POST', body: { reason: why } });
      setDeposit(r.deposit);
      forgetPaymentPages();
      if (r.psp_confirmed) message.success(t('payments.refund.done'));
      else message.warning(t('payments.refund.pending'));
      setOpen(false);
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  if (error) return <Alert type="error" message={error} showIcon />;
  if (!deposit) return <Spin />;
  const d = deposit;
  const retry = d.status === 'refunded' && d.refunded_by !== null && d.refunded_at === null;
  return (
    <Show
      title={t('payments.deposits.detail', { id: d.id })}
      breadcrumb={false}
      canEdit={false}
      canDelete={false}
      headerButtons={
        canRefund && (d.status === 'paid' || retry) ? (
          <Button
            danger
            loading={busy}
            onClick={() => {
              if (retry) return void refund(d.refund_reason ?? '');
              setReason('');
              setOpen(true);
            }}
          >
            {retry ? t('payments.refund.retry') : t('payments.refund.button')}
          </Button>
        ) : null
      }
    >
      {retry && <Alert type="warning" showIcon message={t('payments.refund.pending')} style={{ marginBottom: 16 }} />}
      <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} size="small">
        <Descriptions.Item label={t('payments.player')}>
          {d.player_name} (#{d.player_id})
        </Descriptions.Item>
        <Descriptions.Item label={t('payments.amount')}>
          <Typography.Text strong>{money(d.amount)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('payments.status')}>
          <Tag color={DEPOSIT_COLOR[d.status]}>{t(`payments.deposits.statuses.${d.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('payments.deposits.created')}>{dateTime(d.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t('payments.deposits.paid')}>
          {d.paid_at ? dateTime(d.paid_at) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('payments.deposits.payer')}>{d.payer_document ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="txid">
          <Typography.Text code copyable style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {d.txid}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('payments.deposits.e2e')}>
          {d.end_to_end_id ? (
            <Typography.Text code copyable style={{ fontSize: 12, wordBreak: 'break-all' }}>
              {d.end_to_end_id}
            </Typography.Text>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        {d.status === 'refunded' && (
          <>
            <Descriptions.Item label={t('payments.refund.reason')}>
              {d.refund_reason === 'third_party_payer' ? t('payments.refund.thirdParty') : d.refund_reason}
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.refund.by')}>
              {d.refunded_by ?? t('payments.refund.auto')}
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.refund.confirmed')}>
              {d.refunded_at ? dateTime(d.refunded_at) : (d.refund_error ?? '—')}
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      <Modal
        open={open}
        title={t('payments.refund.title', { amount: money(d.amount) })}
        okText={t('payments.refund.button')}
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: busy }}
        cancelText={t('buttons.cancel')}
        onCancel={() => setOpen(false)}
        onOk={() => refund(reason.trim())}
      >
        <Typography.Paragraph type="secondary">{t('payments.refund.explain')}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t('payments.refund.reason')}
          placeholder={t('payments.refund.reason')}
          maxLength={500}
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Show>
  );
}
