import { useCan, useTranslate } from '@refinedev/core';
import {
  type AdminPromoOffer,
  type AdminPromoOffersReply,
  type CreateOfferBody,
  OFFER_KINDS,
  WAGERING_BASES,
} from '@sorte/contracts';
import {
  App,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ReaisInput } from '../../components/reais-input';
import { api } from '../../lib/api';
import { decimalSeparator, money } from '../../lib/format';
import { BudgetBar, cents, errorText, ListPage, nameOf, periodText, showFieldErrors, useLoaded } from './shared';

type Values = {
  kind: (typeof OFFER_KINDS)[number];
  name_pt: string;
  name_en?: string;
  terms_pt?: string;
  terms_en?: string;
  percent?: number;
  max_bonus?: number;
  amount?: number;
  free_spins?: number;
  free_spins_game?: string;
  free_spins_bet?: number;
  min_deposit?: number;
  wagering: number;
  wagering_base: (typeof WAGERING_BASES)[number];
  max_bet?: number;
  max_conversion?: number;
  days: number;
  budget_amount?: number;
  budget_count?: number;
  new_players_only: boolean;
  once_per_cpf: boolean;
  period?: [Dayjs | null, Dayjs | null];
};

/** How much of an offer's budget is spent, as the larger of its money and count shares (null: no budget). */
export function budgetShare(o: {
  budget_amount: number | null;
  budget_count: number | null;
  granted_amount: number;
  granted_count: number;
}): number | null {
  const shares = [
    o.budget_amount ? o.granted_amount / o.budget_amount : null,
    o.budget_count ? o.granted_count / o.budget_count : null,
  ].filter((x): x is number => x !== null);
  return shares.length ? Math.min(100, Math.round(Math.max(...shares) * 100)) : null;
}

/** The tenant's bonus offers (offer:list): rules, grants against the budget, and a form for a new one. */
export function OffersPage() {
  const t = useTranslate();
  const { message, modal } = App.useApp();
  const canCreate = useCan({ resource: 'promotions-offers', action: 'create' }).data?.can ?? false;
  const canUpdate = useCan({ resource: 'promotions-offers', action: 'update' }).data?.can ?? false;
  const { data, loading, reload } = useLoaded<AdminPromoOffersReply>('/api/admin/promotions/offers');
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);

  const setActive = (o: AdminPromoOffer, active: boolean) =>
    modal.confirm({
      title: t(active ? 'promotions.offers.resumeConfirm' : 'promotions.offers.endConfirm', { name: nameOf(o) }),
      okText: t('buttons.confirm'),
      cancelText: t('buttons.cancel'),
      onOk: async () => {
        try {
          await api(`/api/admin/promotions/offers/${o.id}`, { method: 'PATCH', body: { active } });
          message.success(t('promotions.saved'));
          reload();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });

  const create = async (v: Values) => {
    const [from, to] = v.period ?? [null, null];
    const body: CreateOfferBody = {
      kind: v.kind,
      name_pt: v.name_pt,
      name_en: v.name_en || undefined,
      terms_pt: v.terms_pt || undefined,
      terms_en: v.terms_en || undefined,
      percent: v.kind === 'deposit_match' ? v.percent : undefined,
      max_bonus: v.kind === 'deposit_match' ? cents(v.max_bonus) : undefined,
      min_deposit: v.kind === 'deposit_match' ? cents(v.min_deposit) : undefined,
      amount: v.kind === 'no_deposit' ? cents(v.amount) : undefined,
      free_spins: v.kind === 'free_spins' ? v.free_spins : undefined,
      free_spins_game: v.kind === 'free_spins' ? v.free_spins_game?.trim() : undefined,
      free_spins_bet: v.kind === 'free_spins' ? cents(v.free_spins_bet) : undefined,
      wagering: v.wagering,
      wagering_base: v.wagering_base,
      max_bet: cents(v.max_bet),
      max_conversion: cents(v.max_conversion),
      days: v.days,
      budget_amount: cents(v.budget_amount),
      budget_count: v.budget_count ?? undefined,
      new_players_only: v.new_players_only,
      once_per_cpf: v.once_per_cpf,
      starts_at: from ? from.toISOString() : undefined,
      ends_at: to ? to.toISOString() : undefined,
    };
    setSaving(true);
    try {
      await api('/api/admin/promotions/offers', { method: 'POST', body });
      message.success(t('promotions.offers.created'));
      setOpen(false);
      form.resetFields();
      reload();
    } catch (e) {
      if (!showFieldErrors(form, e)) message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const reais = (name: keyof Values, label: string, required = false) => (
    <Form.Item
      name={name}
      label={t(label)}
      rules={required ? [{ required: true, message: t('promotions.required') }] : []}
    >
      <ReaisInput />
    </Form.Item>
  );

  return (
    <ListPage<AdminPromoOffer>
      title={t('promotions.offers.title')}
      help={t('promotions.offers.help')}
      create={canCreate ? { label: t('promotions.offers.new'), onClick: () => setOpen(true) } : undefined}
      reload={reload}
      loading={loading}
      rows={data?.data ?? []}
      rowKey="id"
      empty={t('promotions.offers.empty')}
      columns={[
        { key: 'id', title: '#', dataIndex: 'id' },
        {
          key: 'name',
          title: t('promotions.name'),
          render: (_, o) => (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{nameOf(o)}</Typography.Text>
              <Typography.Text type="secondary">{o.rules}</Typography.Text>
            </Space>
          ),
        },
        {
          key: 'kind',
          title: t('promotions.offers.kind'),
          render: (_, o) => <Tag>{t(`promotions.offers.kinds.${o.kind}`)}</Tag>,
        },
        {
          key: 'granted',
          title: t('promotions.offers.granted'),
          render: (_, o) => `${o.granted_count} · ${money(o.granted_amount)}`,
        },
        {
          key: 'budget',
          title: t('promotions.offers.budget'),
          render: (_, o) => {
            const share = budgetShare(o);
            if (share === null) return <Typography.Text type="secondary">{t('promotions.noLimit')}</Typography.Text>;
            return (
              <BudgetBar
                share={share}
                label={[o.budget_amount !== null ? money(o.budget_amount) : null, o.budget_count ?? null]
                  .filter((x) => x !== null)
                  .join(' · ')}
              />
            );
          },
        },
        {
          key: 'dates',
          title: t('promotions.period'),
          render: (_, o) => periodText(o.starts_at, o.ends_at, t('promotions.always')),
        },
        {
          key: 'live',
          title: t('promotions.status'),
          render: (_, o) => (
            <Tag color={o.live ? 'green' : o.active ? 'blue' : 'default'}>
              {t(
                o.live
                  ? 'promotions.offers.live'
                  : o.active
                    ? 'promotions.offers.scheduled'
                    : 'promotions.offers.ended',
              )}
            </Tag>
          ),
        },
        {
          key: 'active',
          title: t('promotions.offers.active'),
          render: (_, o) => (
            <Switch
              size="small"
              checked={o.active}
              disabled={!canUpdate}
              aria-label={t('promotions.offers.active')}
              onChange={(v) => setActive(o, v)}
            />
          ),
        },
      ]}
    >
      <Drawer
        title={t('promotions.offers.new')}
        open={open}
        onClose={() => setOpen(false)}
        width={Math.min(560, typeof window === 'undefined' ? 560 : window.innerWidth)}
        destroyOnHidden
        extra={
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('promotions.create')}
          </Button>
        }
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={create}
          initialValues={{
            kind: 'deposit_match',
            wagering: 30,
            wagering_base: 'bonus',
            days: 30,
            new_players_only: false,
            once_per_cpf: false,
          }}
        >
          <Form.Item name="kind" label={t('promotions.offers.kind')}>
            <Select options={OFFER_KINDS.map((k) => ({ value: k, label: t(`promotions.offers.kinds.${k}`) }))} />
          </Form.Item>
          <Form.Item
            name="name_pt"
            label={t('promotions.offers.namePt')}
            rules={[{ required: true, message: t('promotions.required') }]}
          >
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="name_en" label={t('promotions.offers.nameEn')}>
            <Input maxLength={120} />
          </Form.Item>
          {kind === 'deposit_match' && (
            <>
              <Form.Item
                name="percent"
                label={t('promotions.offers.percent')}
                rules={[{ required: true, message: t('promotions.required') }]}
              >
                <InputNumber
                  min={0.01}
                  max={1000}
                  precision={2}
                  decimalSeparator={decimalSeparator()}
                  suffix="%"
                  style={{ width: '100%' }}
                />
              </Form.Item>
              {reais('max_bonus', 'promotions.offers.maxBonus', true)}
              {reais('min_deposit', 'promotions.offers.minDeposit')}
            </>
          )}
          {kind === 'no_deposit' && reais('amount', 'promotions.offers.amount', true)}
          {kind === 'free_spins' && (
            <>
              <Form.Item
                name="free_spins"
                label={t('promotions.offers.spins')}
                rules={[{ required: true, message: t('promotions.required') }]}
              >
                <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name="free_spins_game"
                label={t('promotions.offers.game')}
                rules={[{ required: true, message: t('promotions.required') }]}
              >
                <Input placeholder="sweet-bonanza" />
              </Form.Item>
              {reais('free_spins_bet', 'promotions.offers.spinBet', true)}
            </>
          )}
          <Space wrap align="start">
            <Form.Item name="wagering" label={t('promotions.offers.wagering')} rules={[{ required: true }]}>
              <InputNumber
                min={0}
                max={200}
                precision={2}
                decimalSeparator={decimalSeparator()}
                suffix="x"
                style={{ width: 140 }}
              />
            </Form.Item>
            <Form.Item name="wagering_base" label={t('promotions.offers.base')}>
              <Select
                style={{ width: 200 }}
                options={WAGERING_BASES.map((b) => ({ value: b, label: t(`promotions.offers.bases.${b}`) }))}
              />
            </Form.Item>
            <Form.Item name="days" label={t('promotions.offers.days')} rules={[{ required: true }]}>
              <InputNumber min={1} max={365} precision={0} style={{ width: 120 }} />
            </Form.Item>
          </Space>
          {reais('max_bet', 'promotions.offers.maxBet')}
          {reais('max_conversion', 'promotions.offers.maxConversion')}
          {reais('budget_amount', 'promotions.offers.budgetAmount')}
          <Form.Item name="budget_count" label={t('promotions.offers.budgetCount')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="period" label={t('promotions.period')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="new_players_only" valuePropName="checked">
            <Checkbox>{t('promotions.offers.newPlayers')}</Checkbox>
          </Form.Item>
          <Form.Item name="once_per_cpf" valuePropName="checked">
            <Checkbox>{t('promotions.offers.oncePerCpf')}</Checkbox>
          </Form.Item>
          <Form.Item name="terms_pt" label={t('promotions.offers.termsPt')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <Form.Item name="terms_en" label={t('promotions.offers.termsEn')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Form>
      </Drawer>
    </ListPage>
  );
}
