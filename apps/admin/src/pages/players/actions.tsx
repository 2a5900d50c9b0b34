import { useCan, useTranslate } from '@refinedev/core';
import type {
  AdjustBalanceReply,
  AdminOffersReply,
  AdminPlayerReply,
  GrantBonusReply,
  LiftLimitReply,
} from '@sorte/contracts';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { ReaisInput } from '../../components/reais-input';
import type { useStepUp } from '../../components/step-up';
import { api } from '../../lib/api';
import { dateTime, money } from '../../lib/format';
import { newIdempotencyKey, PLAYER_PATHS } from './api';

type Act = 'block' | 'unblock' | 'adjust' | 'grant' | 'end' | 'lift';

/** The acts on a player, each button shown only to a role that may use it; each asks a reason in a modal. */
export function PlayerActions({
  player,
  stepUp,
  onDone,
}: {
  player: AdminPlayerReply;
  stepUp: ReturnType<typeof useStepUp>;
  onDone: () => void;
}) {
  const t = useTranslate();
  const { message } = App.useApp();
  const canBlock = useCan({ resource: 'players', action: 'block' }).data?.can ?? false;
  const canEnd = useCan({ resource: 'players', action: 'update' }).data?.can ?? false;
  const canAdjust = useCan({ resource: 'player-wallet', action: 'adjust' }).data?.can ?? false;
  const canGrant = useCan({ resource: 'player-bonuses', action: 'grant' }).data?.can ?? false;
  const canLift = useCan({ resource: 'player-limits', action: 'lift' }).data?.can ?? false;
  const [open, setOpen] = useState<Act | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey());
  const [offers, setOffers] = useState<AdminOffersReply['data']>([]);
  const [form] = Form.useForm();
  const id = player.player.id;
  const blocked = player.player.status === 'blocked';

  const start = (act: Act) => {
    form.resetFields();
    setError(null);
    // One key per opened form: a step-up retry or a double click sends the same key, so money moves once.
    setKey(newIdempotencyKey());
    setOpen(act);
    if (act === 'grant')
      void api<AdminOffersReply>(PLAYER_PATHS.tab(id, 'offers'))
        .then((r) => setOffers(r.data))
        .catch((e) => setError(e instanceof Error ? e.message : String(e)));
  };

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const reason = String(v.reason ?? '').trim();
      let done: unknown;
      if (open === 'block' || open === 'unblock')
        done = await api(PLAYER_PATHS.act(id, open), { method: 'POST', body: { reason } });
      else if (open === 'end')
        done = await api(PLAYER_PATHS.act(id, 'sessions/end'), { method: 'POST', body: { reason } });
      else if (open === 'adjust') {
        const cents = Math.round(Number(v.amount) * 100) * (v.direction === 'debit' ? -1 : 1);
        done = await stepUp.run(() =>
          api<AdjustBalanceReply>(PLAYER_PATHS.act(id, 'adjust'), {
            method: 'POST',
            body: { amount: cents, reason },
            headers: { 'idempotency-key': key },
          }),
        );
        if (done) message.success(t('players.adjusted', { cash: money((done as AdjustBalanceReply).balance.cash) }));
      } else if (open === 'grant') {
        done = await stepUp.run(() =>
          api<GrantBonusReply>(PLAYER_PATHS.act(id, 'bonuses'), {
            method: 'POST',
            body: { offer_id: v.offer_id, reason },
            headers: { 'idempotency-key': key },
          }),
        );
      } else if (open === 'lift') {
        done = await stepUp.run(() =>
          api<LiftLimitReply>(PLAYER_PATHS.act(id, 'limits/lift'), {
            method: 'POST',
            body: {
              kind: v.kind,
              period: v.period,
              amount:
                v.amount === undefined || v.amount === null
                  ? null
                  : Math.round(Number(v.amount) * (v.kind === 'time' ? 1 : 100)),
              reason,
            },
          }),
        );
        if (done) {
          const r = done as LiftLimitReply;
          message.info(
            r.status === 'pending'
              ? t('players.liftPending', { at: dateTime(r.effective_at) })
              : t(`players.liftStatus.${r.status}`),
          );
        }
      }
      if (!done) return;
      if (open !== 'adjust' && open !== 'lift') message.success(t('players.done'));
      setOpen(null);
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const kind = Form.useWatch('kind', form);
  return (
    <>
      <Space wrap>
        {canBlock &&
          (blocked ? (
            <Button onClick={() => start('unblock')}>{t('players.acts.unblock')}</Button>
          ) : (
            <Button danger onClick={() => start('block')}>
              {t('players.acts.block')}
            </Button>
          ))}
        {canEnd && <Button onClick={() => start('end')}>{t('players.acts.end')}</Button>}
        {canAdjust && <Button onClick={() => start('adjust')}>{t('players.acts.adjust')}</Button>}
        {canGrant && <Button onClick={() => start('grant')}>{t('players.acts.grant')}</Button>}
        {canLift && <Button onClick={() => start('lift')}>{t('players.acts.lift')}</Button>}
      </Space>
      <Modal
        open={open !== null}
        title={
          open ? t(`players.acts.${open}Title`, { name: `${player.player.first_name} ${player.player.last_name}` }) : ''
        }
        okText={open ? t(`players.acts.${open}`) : ''}
        okButtonProps={{ danger: open === 'block', loading: busy }}
        cancelText={t('buttons.cancel')}
        onCancel={() => setOpen(null)}
        onOk={() => void submit()}
        destroyOnHidden
      >
        {open && (
          <Form form={form} layout="vertical" initialValues={{ direction: 'credit', kind: 'deposit', period: 'day' }}>
            {open === 'adjust' && (
              <>
                <Form.Item name="direction" label={t('players.direction')}>
                  <Radio.Group
                    options={[
                      { value: 'credit', label: t('players.credit') },
                      { value: 'debit', label: t('players.debit') },
                    ]}
                  />
                </Form.Item>
                <Form.Item
                  name="amount"
                  label={t('players.amountBrl')}
                  rules={[{ required: true, message: t('players.amountRequired') }]}
                >
                  <ReaisInput max={1_000_000} />
                </Form.Item>
              </>
            )}
            {open === 'grant' && (
              <Form.Item
                name="offer_id"
                label={t('players.offer')}
                rules={[{ required: true, message: t('players.offerRequired') }]}
              >
                <Select
                  options={offers.map((o) => ({
                    value: o.id,
                    label: `${o.name}${o.amount ? ` — ${money(o.amount)}` : ''}`,
                  }))}
                  notFoundContent={t('players.noOffers')}
                />
              </Form.Item>
            )}
            {open === 'lift' && (
              <>
                <Alert type="info" showIcon message={t('players.liftHelp')} style={{ marginBottom: 12 }} />
                <Space wrap>
                  <Form.Item name="kind" label={t('players.limitKind')}>
                    <Select
                      style={{ minWidth: 160 }}
                      options={['deposit', 'loss', 'wager', 'time'].map((k) => ({
                        value: k,
                        label: t(`players.limitKinds.${k}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item name="period" label={t('players.period')}>
                    <Select
                      style={{ minWidth: 120 }}
                      options={['day', 'week', 'month'].map((k) => ({ value: k, label: t(`players.periods.${k}`) }))}
                    />
                  </Form.Item>
                </Space>
                <Form.Item name="amount" label={kind === 'time' ? t('players.newMinutes') : t('players.newAmount')}>
                  <InputNumber min={1} style={{ width: '100%' }} placeholder={t('players.removeLimit')} />
                </Form.Item>
              </>
            )}
            <Form.Item
              name="reason"
              label={t('players.reason')}
              rules={[{ required: true, whitespace: true, message: t('players.reasonRequired') }]}
            >
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          </Form>
        )}
        {error && <Alert role="alert" type="error" showIcon message={error} />}
      </Modal>
    </>
  );
}
