import { useCan, useTranslate } from '@refinedev/core';
import { type AdminBookLimits, type AdminBookLimitsReply, MARKET_KINDS } from '@sorte/contracts';
import { App, Button, Card, Collapse, Form, InputNumber, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ReaisInput } from '../../components/reais-input';
import { api } from '../../lib/api';
import { decimalSeparator, money } from '../../lib/format';
import { errorText } from './paths';

type Values = {
  min_stake: number;
  max_stake: number;
  max_payout: number;
  market_liability: number;
  live_delay_ms: number;
  margins: Record<string, number | null>;
};

const MONEY = ['min_stake', 'max_stake', 'max_payout', 'market_liability'] as const;

/** The tenant's book limits and margins (sports:limits): amounts in reais, margins in percent, saved together. */
export function BookLimitsCard() {
  const t = useTranslate();
  const { message } = App.useApp();
  const canUpdate = useCan({ resource: 'catalog-events', action: 'update' }).data?.can ?? false;
  const [limits, setLimits] = useState<AdminBookLimits | null>(null);
  const [form] = Form.useForm<Values>();

  const fill = useCallback(
    (l: AdminBookLimits) => {
      setLimits(l);
      form.setFieldsValue({
        ...Object.fromEntries(MONEY.map((k) => [k, l[k] / 100])),
        live_delay_ms: l.live_delay_ms,
        margins: Object.fromEntries(
          MARKET_KINDS.map((k) => [k, l.margins[k] === undefined ? null : l.margins[k]! * 100]),
        ),
      } as Values);
    },
    [form],
  );
  useEffect(() => {
    api<AdminBookLimitsReply>('/api/admin/catalog/sportsbook/limits').then(
      (r) => fill(r.limits),
      () => {},
    );
  }, [fill]);

  const save = async (v: Values) => {
    const margins = Object.fromEntries(
      Object.entries(v.margins ?? {})
        .filter(([, x]) => x !== null && x !== undefined)
        .map(([k, x]) => [k, Math.round(x! * 100) / 10_000]),
    );
    try {
      const r = await api<AdminBookLimitsReply>('/api/admin/catalog/sportsbook/limits', {
        method: 'PUT',
        body: {
          ...Object.fromEntries(MONEY.map((k) => [k, Math.round(v[k] * 100)])),
          live_delay_ms: v.live_delay_ms,
          margins,
        },
      });
      fill(r.limits);
      message.success(t('catalog.limits.saved'));
    } catch (e) {
      message.error(errorText(e));
    }
  };

  if (!limits) return null;
  return (
    <Collapse
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'limits',
          label: (
            <Space wrap>
              <Typography.Text strong>{t('catalog.limits.title')}</Typography.Text>
              <Typography.Text type="secondary">
                {t('catalog.limits.summary', {
                  min: money(limits.min_stake),
                  max: money(limits.max_stake),
                  payout: money(limits.max_payout),
                })}
              </Typography.Text>
            </Space>
          ),
          children: (
            <Form form={form} layout="vertical" disabled={!canUpdate} onFinish={save}>
              <Space wrap align="start">
                {MONEY.map((k) => (
                  <Form.Item key={k} name={k} label={t(`catalog.limits.${k}`)} rules={[{ required: true }]}>
                    <ReaisInput style={{ width: 180 }} />
                  </Form.Item>
                ))}
                <Form.Item name="live_delay_ms" label={t('catalog.limits.live_delay_ms')} rules={[{ required: true }]}>
                  <InputNumber min={0} max={60_000} step={500} style={{ width: 160 }} />
                </Form.Item>
              </Space>
              <Card size="small" title={t('catalog.limits.margins')} style={{ marginBottom: 16 }}>
                <Typography.Paragraph type="secondary">{t('catalog.limits.marginsHelp')}</Typography.Paragraph>
                <Space wrap>
                  {MARKET_KINDS.map((k) => (
                    <Form.Item key={k} name={['margins', k]} label={k} style={{ marginBottom: 8 }}>
                      <InputNumber
                        min={0}
                        max={49.99}
                        step={0.5}
                        precision={2}
                        decimalSeparator={decimalSeparator()}
                        suffix="%"
                        style={{ width: 130 }}
                      />
                    </Form.Item>
                  ))}
                </Space>
              </Card>
              {canUpdate && (
                <Button type="primary" htmlType="submit">
                  {t('catalog.limits.save')}
                </Button>
              )}
            </Form>
          ),
        },
      ]}
    />
  );
}
