import { useCan, useTranslate } from '@refinedev/core';
import type { AdminCoupon, AdminCouponsReply, AdminPromoOffersReply, CreateCouponBody } from '@sorte/contracts';
import {
  App,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Progress,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../lib/api';
import { money } from '../../lib/format';
import { budgetShare } from './offers';
import { BudgetBar, errorText, ListPage, nameOf, periodText, showFieldErrors, useLoaded } from './shared';

type Values = {
  code: string;
  offer_id: number;
  max_uses?: number;
  listed: boolean;
  period?: [Dayjs | null, Dayjs | null];
};

/** The tenant's coupon codes (coupon:list): uses against their limit and the offer's budget, and a new code. */
export function CouponsPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const canCreate = useCan({ resource: 'promotions-coupons', action: 'create' }).data?.can ?? false;
  const { data, loading, reload } = useLoaded<AdminCouponsReply>('/api/admin/promotions/coupons');
  const offers = useLoaded<AdminPromoOffersReply>('/api/admin/promotions/offers');
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();

  const create = async (v: Values) => {
    const [from, to] = v.period ?? [null, null];
    const body: CreateCouponBody = {
      code: v.code,
      offer_id: v.offer_id,
      max_uses: v.max_uses ?? undefined,
      listed: v.listed,
      starts_at: from ? from.toISOString() : undefined,
      ends_at: to ? to.toISOString() : undefined,
    };
    setSaving(true);
    try {
      await api('/api/admin/promotions/coupons', { method: 'POST', body });
      message.success(t('promotions.coupons.created'));
      setOpen(false);
      form.resetFields();
      reload();
    } catch (e) {
      if (!showFieldErrors(form, e)) message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ListPage<AdminCoupon>
      title={t('promotions.coupons.title')}
      help={t('promotions.coupons.help')}
      create={canCreate ? { label: t('promotions.coupons.new'), onClick: () => setOpen(true) } : undefined}
      reload={reload}
      loading={loading}
      rows={data?.data ?? []}
      rowKey="id"
      empty={t('promotions.coupons.empty')}
      columns={[
        {
          key: 'code',
          title: t('promotions.coupons.code'),
          render: (_, c) => (
            <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
              {c.code}
            </Typography.Text>
          ),
        },
        { key: 'offer', title: t('promotions.coupons.offer'), render: (_, c) => `#${c.offer_id} ${c.offer_name}` },
        {
          key: 'uses',
          title: t('promotions.coupons.uses'),
          render: (_, c) =>
            c.max_uses === null ? (
              String(c.uses)
            ) : (
              <Space direction="vertical" size={0} style={{ minWidth: 120 }}>
                <Typography.Text>{`${c.uses} / ${c.max_uses}`}</Typography.Text>
                <Progress
                  percent={Math.min(100, Math.round((c.uses / c.max_uses) * 100))}
                  size="small"
                  showInfo={false}
                />
              </Space>
            ),
        },
        {
          key: 'budget',
          title: t('promotions.offers.budget'),
          render: (_, c) => {
            const share = budgetShare(c);
            return share === null ? (
              <Typography.Text type="secondary">{`${money(c.granted_amount)} · ${t('promotions.noLimit')}`}</Typography.Text>
            ) : (
              <BudgetBar
                share={share}
                label={
                  c.budget_amount !== null
                    ? `${money(c.granted_amount)} / ${money(c.budget_amount)}`
                    : `${c.granted_count} / ${c.budget_count}`
                }
              />
            );
          },
        },
        {
          key: 'dates',
          title: t('promotions.period'),
          render: (_, c) => periodText(c.starts_at, c.ends_at, t('promotions.always')),
        },
        {
          key: 'state',
          title: t('promotions.status'),
          render: (_, c) => (
            <Space wrap size={4}>
              <Tag color={c.active ? 'green' : 'default'}>
                {t(c.active ? 'promotions.coupons.active' : 'promotions.coupons.inactive')}
              </Tag>
              {!c.listed && <Tag>{t('promotions.coupons.unlisted')}</Tag>}
            </Space>
          ),
        },
      ]}
    >
      <Modal
        title={t('promotions.coupons.new')}
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('promotions.create')}
        cancelText={t('buttons.cancel')}
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={create} initialValues={{ listed: true }}>
          <Form.Item
            name="code"
            label={t('promotions.coupons.code')}
            rules={[{ required: true, message: t('promotions.required') }]}
          >
            <Input maxLength={40} placeholder="NATAL26" style={{ textTransform: 'uppercase' }} />
          </Form.Item>
          <Form.Item
            name="offer_id"
            label={t('promotions.coupons.offer')}
            rules={[{ required: true, message: t('promotions.required') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={(offers.data?.data ?? [])
                .filter((o) => o.active)
                .map((o) => ({ value: o.id, label: `#${o.id} ${nameOf(o)} — ${o.rules}` }))}
            />
          </Form.Item>
          <Form.Item name="max_uses" label={t('promotions.coupons.maxUses')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} placeholder={t('promotions.noLimit')} />
          </Form.Item>
          <Form.Item name="period" label={t('promotions.period')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="listed" valuePropName="checked">
            <Checkbox>{t('promotions.coupons.listed')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </ListPage>
  );
}
