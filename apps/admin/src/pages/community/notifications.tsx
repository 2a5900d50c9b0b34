import { useCan, useTranslate } from '@refinedev/core';
import type { AdminNotificationSentReply, NotificationAudience } from '@sorte/contracts';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api';

type Kind = NotificationAudience['kind'];
type Values = {
  kind: Kind;
  user_id?: number;
  min_level?: number;
  days?: number;
  title_pt: string;
  title_en: string;
  body_pt?: string;
  body_en?: string;
  url?: string;
};

/** A notification to one player, a segment or every player of the tenant, in pt and en. */
export function NotificationsPage() {
  const t = useTranslate();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'player';
  const [sent, setSent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const canSend = useCan({ resource: 'notifications', action: 'send' }).data?.can ?? false;

  const audienceOf = (v: Values): NotificationAudience =>
    v.kind === 'player'
      ? { kind: 'player', user_id: v.user_id ?? 0 }
      : v.kind === 'vip'
        ? { kind: 'vip', min_level: v.min_level ?? 0 }
        : v.kind === 'depositors'
          ? { kind: 'depositors', days: v.days ?? 30 }
          : { kind: 'everyone' };

  const send = async (v: Values) => {
    setBusy(true);
    try {
      const r = await api<AdminNotificationSentReply>('/api/admin/notifications', {
        method: 'POST',
        body: {
          audience: audienceOf(v),
          title: { pt: v.title_pt, en: v.title_en },
          body: { pt: v.body_pt ?? '', en: v.body_en ?? '' },
          url: v.url?.trim() ? v.url.trim() : null,
        },
      });
      setSent(r.recipients);
      message.success(t('community.notify.sent', { n: r.recipients }));
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('community.notify.title')}>
      <Typography.Paragraph type="secondary">{t('community.notify.help')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'player', min_level: 1, days: 30 }}
        disabled={!canSend}
        onFinish={(v) =>
          modal.confirm({
            title: t('community.notify.confirm'),
            content: t(`community.notify.audiences.${v.kind}`),
            okText: t('community.notify.send'),
            cancelText: t('buttons.cancel'),
            onOk: () => send(v),
          })
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('community.notify.audience')}>
              <Select
                options={(['player', 'vip', 'depositors', 'everyone'] as const).map((k) => ({
                  value: k,
                  label: t(`community.notify.audiences.${k}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {kind === 'player' && (
              <Form.Item name="user_id" label={t('community.notify.playerId')} rules={[{ required: true }]}>
                <InputNumber min={1} style={{ width: '100%' }} />
              </Form.Item>
            )}
            {kind === 'vip' && (
              <Form.Item name="min_level" label={t('community.notify.minLevel')} rules={[{ required: true }]}>
                <InputNumber min={0} max={100} style={{ width: '100%' }} />
              </Form.Item>
            )}
            {kind === 'depositors' && (
              <Form.Item name="days" label={t('community.notify.days')} rules={[{ required: true }]}>
                <InputNumber min={1} max={365} style={{ width: '100%' }} />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="title_pt" label={t('community.notify.titlePt')} rules={[{ required: true, max: 200 }]}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="body_pt" label={t('community.notify.bodyPt')} rules={[{ max: 4000 }]}>
              <Input.TextArea rows={4} maxLength={4000} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="title_en" label={t('community.notify.titleEn')} rules={[{ required: true, max: 200 }]}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="body_en" label={t('community.notify.bodyEn')} rules={[{ max: 4000 }]}>
              <Input.TextArea rows={4} maxLength={4000} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="url" label={t('community.notify.url')} extra={t('community.notify.urlHelp')}>
          <Input placeholder="/promotion" />
        </Form.Item>
        {sent !== null && (
          <Alert
            style={{ marginBottom: 16 }}
            type="success"
            showIcon
            message={t('community.notify.sent', { n: sent })}
          />
        )}
        {canSend && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('community.notify.send')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
